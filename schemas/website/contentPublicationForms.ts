import { defineEntity, f } from '../define';
import { PUBLISHER_SOURCE_TYPES } from '../modules';
import { publisherRowModules } from './access';

/**
 * Website content forms (the publisher): one row per piece of content of one of the sixteen
 * content types (`sourceType`, PUBLISH_LEVEL; `sourceTypeName` its name, `news`). Every read and
 * write of a row needs the privilege on `PUBLISHER_{UPPER(sourceTypeName)}` (`rowModules`). A new
 * form is a draft; the list is newest first and leaves deleted forms (status code 3) out unless
 * the user changes the filter. Tags (`contentTags`: a country and its departments) are written
 * nested in the form. `GET /contentPublicationForms/country/departments` answers the tags'
 * countries with their departments (DICT-24/34, `countryDepartments.ts`).
 *
 * Not declared yet (docs/decisions.md, "Publisher content forms"): the image and icon (file
 * manager), translations, key contacts, team, contacts, awards, educations, job title,
 * references, organizations, geo data, leader departments and the languages lists.
 */
export const contentPublicationForms = defineEntity({
  name: 'contentPublicationForms',
  entityName: 'ContentPublicationForm',
  label: 'Content forms',
  area: 'website',
  icon: 'Article',
  module: 'PUBLISHER_PAGE',
  rowModules: publisherRowModules('sourceTypeName'),
  hideFromMenu: true,
  fields: {
    sourceType: f.dictionary('PUBLISH_LEVEL', { required: true, label: 'Source type' }),
    sourceTypeName: f.enum(PUBLISHER_SOURCE_TYPES, { readOnly: true, label: 'Source type name' }),
    contentForm: f.text({ label: 'Form' }),
    // the headline readers see, per language of the site; shown in the reader's language, else English
    title: f.translated({ label: 'Title', maxLength: 300 }),
    status: f.dictionary('CONTENT_STATUS'),
    creationDate: f.dateTime({ label: 'Created', default: () => new Date().toISOString() }),
    country: f.dictionary('COUNTRY'),
    countryType: f.dictionary('COUNTRY_TYPE', { label: 'Country type' }),
    office: f.ref('offices'),
    department: f.ref('departments'),
    matter: f.ref('matters'),
    firstEmail: f.email({ label: 'E-mail' }),
    firstPhoneNumber: f.phone({ label: 'Phone' }),
    officeHours: f.text({ label: 'Office hours' }),
    city: f.text(),
    imageHide: f.number({ min: 0, default: 100, label: 'Image hide' }),
    storyDeadline: f.date({ label: 'Story deadline' }),
    story: f.longText({ maxLength: 20000 }),
    focus: f.boolean({ default: false }),
    tags: f.children('contentTags', { via: 'contentPublicationForm', nestedWrite: true, label: 'Tags' }),
  },
  projections: {
    full: {
      embed: {
        sourceType: ['code', 'gname', 'charCode'],
        status: ['code', 'gname'],
        country: ['code', 'gname'],
        countryType: ['code', 'gname'],
        office: ['gfirmName'],
        department: ['gname'],
        matter: ['number'],
        tags: 'full',
      },
    },
  },
  defaultSort: [['creationDate', 'desc']],
  search: ['contentForm', 'title', 'city', 'story'],
  recordRepresentation: 'contentForm',
  list: {
    projection: 'full',
    columns: ['creationDate', 'sourceType', 'contentForm', 'title', 'status', 'country', 'office', 'focus'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'sourceType.code', field: 'sourceType', label: 'Source type' },
      { source: 'status.code', field: 'status', label: 'Status' },
      { source: 'country.id', field: 'country', label: 'Country' },
    ],
    defaultFilter: { 'status.code.ne': 3 },
  },
  actions: {
    countryDepartments: {
      level: 'collection',
      methods: ['GET'],
      path: 'country/departments',
      summary: "The content tags' countries, each with its tagged departments (DICT-24/34)",
      access: { privilege: 'view' },
    },
  },
});

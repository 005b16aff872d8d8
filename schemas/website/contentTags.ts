import { defineEntity, f } from '../define';
import { publisherRowModules } from './access';

/**
 * A tag of a website content form: a country and the departments the content is about. Owned by
 * its form and written only nested in it (`tags` of `contentPublicationForms`); read with the
 * form's privilege module (`PUBLISHER_{UPPER(sourceTypeName)}` of the parent). The tags feed the
 * countries with their departments (`GET /contentPublicationForms/country/departments`).
 */
export const contentTags = defineEntity({
  name: 'contentTags',
  entityName: 'ContentTag',
  label: 'Content tags',
  area: 'website',
  icon: 'Sell',
  module: 'PUBLISHER_PAGE',
  rowModules: publisherRowModules('contentPublicationForm.sourceTypeName'),
  hideFromMenu: true,
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    contentPublicationForm: f.ref('contentPublicationForms', {
      required: true,
      onDelete: 'cascade',
      label: 'Content form',
    }),
    country: f.dictionary('COUNTRY', { required: true }),
    departments: f.refList('departments'),
  },
  projections: {
    full: { embed: { country: ['code', 'gname'], departments: ['gname'] } },
  },
  recordRepresentation: 'id',
  list: { projection: 'full', columns: ['contentPublicationForm', 'country', 'departments'] },
});

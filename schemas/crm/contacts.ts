import { defineEntity, f } from '../define';

/**
 * Contacts of a client (CLI-12..19, NAV-18/19). Payload rules: language only when subscribed to
 * e-mails (CLI-13); empty phone numbers sent as null (CLI-14, via `f.phone`).
 */
export const contacts = defineEntity({
  name: 'contacts',
  entityName: 'Contact',
  label: 'Contacts',
  area: 'crm',
  icon: 'ContactPhone',
  module: 'client',
  trash: true,
  fields: {
    client: f.ref('clients', { required: true, onDelete: 'cascade' }),
    gname: f.text({ required: true, label: 'Full name' }),
    gjobTitle: f.text({ label: 'Job title' }),
    stage: f.dictionary('CONTACT_STAGE'),
    rankList: f.dictionaryList('CONTACT_RANK', { label: 'Ranks' }),
    firstEmail: f.email({ label: 'E-mail' }),
    firstPhoneNumber: f.phone({ label: 'Phone' }),
    secondPhoneNumber: f.phone({ label: 'Second phone' }),
    relationshipManagerPosition: f.ref('positions', { label: 'Relationship manager' }),
    emailSubscribed: f.boolean({ default: false, label: 'Subscribed to e-mails' }),
    language: f.dictionary('LANGUAGE', { sendWhen: (r) => r.emailSubscribed === true }),
    specializationList: f.dictionaryList('CONTACT_SPECIALIZATION', { label: 'Specializations' }),
    comments: f.longText(),
    linkedin: f.url({ label: 'LinkedIn' }),
  },
  projections: {
    // Lean list pages (the API benchmark): own columns, the client as `{ id }`, no embeds.
    flat: { fields: ['client', 'gname', 'gjobTitle', 'firstEmail', 'firstPhoneNumber', 'emailSubscribed', 'linkedin'] },
    // The same with two related objects embedded: the client's name and the stage dictionary entry.
    withClient: {
      fields: [
        'client',
        'gname',
        'gjobTitle',
        'firstEmail',
        'firstPhoneNumber',
        'emailSubscribed',
        'linkedin',
        'stage',
      ],
      embed: { client: ['gname'] },
    },
    full: {
      embed: {
        client: ['gname'],
        stage: ['code', 'gname'],
        rankList: ['code', 'gname'],
        specializationList: ['code', 'gname'],
        language: ['code', 'gname', 'charCode'],
        relationshipManagerPosition: 'full',
      },
    },
  },
  search: ['gname', 'firstEmail', 'gjobTitle'],
  globalSearch: { fields: ['gname', 'firstEmail', 'gjobTitle'] },
  recordRepresentation: 'gname',
  // a contact under another contact's full name is likely the same person: the form warns
  form: { duplicateCheck: ['gname'] },
  indexes: [['client', 'lastModifiedDate']],
  list: {
    projection: 'full',
    columns: ['gname', 'client', 'gjobTitle', 'firstEmail', 'firstPhoneNumber', 'stage'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'client.id', field: 'client', label: 'Client' },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'gname',
          'client',
          'gjobTitle',
          'stage',
          'rankList',
          'firstEmail',
          'firstPhoneNumber',
          'secondPhoneNumber',
          'relationshipManagerPosition',
          'emailSubscribed',
          'language',
          'specializationList',
          'linkedin',
          'comments',
        ],
      },
      {
        name: 'comments',
        label: 'Comments',
        related: {
          collection: 'contactComments',
          via: 'contact',
          projection: 'simple',
          columns: ['comment', 'createdDate', 'createdBy'],
        },
      },
    ],
  },
});

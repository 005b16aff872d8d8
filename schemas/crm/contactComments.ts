import { defineEntity, f } from '../define';

/** Comments on a contact (CLI-20..24): listed by `contactId`, projection simple, newest first. */
export const contactComments = defineEntity({
  name: 'contactComments',
  entityName: 'ContactComment',
  label: 'Contact comments',
  area: 'crm',
  icon: 'Comment',
  module: 'client',
  hideFromMenu: true,
  fields: {
    contact: f.ref('contacts', { required: true, onDelete: 'cascade' }),
    comment: f.longText({ required: true }),
  },
  projections: { simple: { fields: ['comment', 'contact'] } },
  defaultProjection: 'simple',
  defaultSort: [['createdDate', 'desc']],
  search: ['comment'],
  recordRepresentation: 'comment',
  indexes: [['contact', 'createdDate']],
  list: { columns: ['comment', 'createdDate', 'createdBy'] },
});

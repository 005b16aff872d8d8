import { rule, type AccessCondition } from '../accessRule';
import { defineEntity, f, type AccessSubject } from '../define';
import { schemas } from '../registry';

const isAdmin = (user: AccessSubject) => user.roles.includes('ADMIN') || user.roles.includes('SUPER_ADMIN');

/**
 * A generated document is readable by whoever can read the record it was rendered for: for each
 * entity that declares `documents`, a row of that `collection` whose record (`ownerId`) the user
 * may read (that entity's module and access rule). Admins read every row.
 */
export function documentOwnerReadable(user: AccessSubject): AccessCondition | null {
  if (isAdmin(user)) return null;
  // the registry is read when a request asks, never while the modules load
  const owners = schemas.filter((s) => s.documents);
  if (owners.length === 0) return false;
  return rule.or(...owners.map((s) => rule.and(rule.eq('collection', s.name), rule.readable(s.name, 'ownerId'))));
}

/**
 * Documents rendered from office templates (PRE-15, INV-28): one row per rendering, written only
 * by `GET <collection>/<path>/{id}/{key}` of an entity declaring `documents`
 * (`server/documents/`). `document` is the produced DOCX in the stored files, so the file is
 * readable by whoever can read the owner record (server/files/access.ts asks this collection's
 * list, whose access rule is the owner's).
 */
export const generatedDocuments = defineEntity({
  name: 'generatedDocuments',
  entityName: 'GeneratedDocument',
  label: 'Generated documents',
  area: 'administration',
  icon: 'Description',
  hideFromMenu: true,
  access: { read: 'signedIn', write: 'admin', page: 'admin' },
  genericWrites: { create: false, update: false, delete: false },
  // a rendering never changes: the row is its own record
  history: false,
  fields: {
    collection: f.text({ required: true, readOnly: true, maxLength: 64, label: 'Collection' }),
    ownerId: f.number({ required: true, integer: true, readOnly: true, label: 'Record' }),
    documentType: f.dictionary('DOCUMENT_TYPE', { required: true, readOnly: true, label: 'Document type' }),
    template: f.ref('officeTemplates', { readOnly: true, onDelete: 'setNull' }),
    document: f.file({ required: true, readOnly: true, label: 'Document' }),
  },
  accessRule: documentOwnerReadable,
  indexes: [['collection', 'ownerId']],
  projections: { full: { embed: { documentType: ['code', 'gname'] } } },
  defaultSort: [['createdDate', 'desc']],
  recordRepresentation: 'document.name',
  list: { columns: ['collection', 'ownerId', 'documentType', 'document', 'createdDate', 'createdBy'] },
});

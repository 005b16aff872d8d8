import { defineEntity, f } from '../define';

/** The content type a DOCX file's bytes are stored with (the upload decides it from the bytes). */
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Office templates (OFF-37..42): the DOCX document an office prints one kind of document with
 * (`documentType`, filtered by `documentType.code`), and where it is used (`locationType`). The
 * file is uploaded to the drive (`storedFiles`) and referred to by `document`; `documentId` and
 * `documentName` are read from it.
 */
export const officeTemplates = defineEntity({
  name: 'officeTemplates',
  entityName: 'OfficeTemplate',
  label: 'Office templates',
  area: 'organisation',
  icon: 'Description',
  hideFromMenu: true,
  module: 'PAYMENT_OFFICE',
  fields: {
    office: f.ref('offices', { required: true, onDelete: 'cascade' }),
    documentType: f.dictionary('DOCUMENT_TYPE', { required: true, label: 'Document type' }),
    locationType: f.dictionary('TEMPLATE_LOCATION_TYPE', { label: 'Location' }),
    document: f.file({ label: 'Template (.docx)', filter: { contentType: DOCX_CONTENT_TYPE } }),
  },
  computed: {
    documentId: { type: 'number', integer: true, label: 'Document id' },
    documentName: {
      type: 'text',
      label: 'Document name',
    },
  },
  projections: {
    full: { embed: { office: ['gfirmName'], documentType: ['code', 'gname'], locationType: ['code', 'gname'] } },
  },
  defaultProjection: 'full',
  recordRepresentation: 'document.name',
  list: {
    columns: ['documentType', 'locationType', 'document'],
    filters: [
      { source: 'office.id', field: 'office', label: 'Office', alwaysOn: true },
      { source: 'documentType.id', field: 'documentType', label: 'Document type' },
    ],
  },
});

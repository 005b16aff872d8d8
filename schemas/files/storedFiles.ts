import { defineEntity, f } from '../define';

/**
 * Uploaded files: one row per file, written only by the upload route
 * (`POST /core/api/storedFiles`, multipart) and referenced by `file`/`files` fields of other
 * entities. The bytes live in the configured storage under `storageKey`, which is never returned.
 *
 * Reading: the uploader, administrators, and anyone who can read a record referencing the file
 * (server/files/access.ts); the list shows a user only their own uploads. There is no
 * PUT or PATCH: a stored file never changes (docs/architecture.md, "Files"). The uploader or an
 * administrator deletes one (`DELETE /core/api/storedFiles/{id}`, served by server/files/routes.ts)
 * into the trash, where it can be restored; its purge removes the bytes from the storage too, and
 * is refused while a record still references the file.
 */
export const storedFiles = defineEntity({
  name: 'storedFiles',
  entityName: 'StoredFile',
  label: 'Files',
  area: 'administration',
  icon: 'AttachFile',
  access: { read: 'signedIn', write: 'signedIn', page: 'admin' },
  hideFromMenu: true,
  // the delete (into the trash) is served by the file routes, as the reads and the upload are
  genericWrites: { create: false, update: false },
  // an upload is never changed: its history is its upload, delete, restore and purge
  trash: true,
  fields: {
    name: f.text({ required: true, maxLength: 255, help: 'the sanitised file name, extension kept' }),
    contentType: f.text({ required: true, maxLength: 255, help: 'the media type sniffed from the bytes' }),
    size: f.number({ required: true, integer: true, min: 0, help: 'bytes' }),
    sha256: f.text({ required: true, maxLength: 64, help: 'hex SHA-256 of the bytes' }),
    storageKey: f.text({ required: true, maxLength: 255, writeOnly: true, unique: true }),
  },
  search: ['name'],
  recordRepresentation: 'name',
  list: { columns: ['name', 'contentType', 'size', 'createdDate', 'createdBy'] },
});

import { defineEntity, f } from '../define';

/**
 * Storage folders (DICT-38): the named, nested folders shared materials are filed in, each of a
 * `STORAGE_FOLDER_TYPE`. The catalogs page reads them with `GET /storageFolders?projection=full`
 * and may narrow them by `type.code`; whoever reads the catalog (view on `SHARED_MATERIAL`) reads
 * the folders, and only administrators create, rename, move or delete them (docs/decisions.md,
 * "Catalogs").
 */
export const storageFolders = defineEntity({
  name: 'storageFolders',
  entityName: 'StorageFolder',
  label: 'Storage folders',
  area: 'administration',
  icon: 'Folder',
  route: 'storage-folders',
  module: 'SHARED_MATERIAL',
  access: { read: 'module', write: 'admin', page: 'admin' },
  fields: {
    name: f.text({ required: true, label: 'Name' }),
    parent: f.ref('storageFolders', { label: 'Parent folder' }),
    type: f.dictionary('STORAGE_FOLDER_TYPE', { label: 'Type' }),
  },
  projections: {
    full: { embed: { parent: ['name'], type: ['code', 'gname'] } },
  },
  defaultSort: [['name', 'asc']],
  search: ['name'],
  recordRepresentation: 'name',
  list: {
    columns: ['name', 'parent', 'type'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'type.id', field: 'type', label: 'Type', alwaysOn: true },
    ],
  },
});

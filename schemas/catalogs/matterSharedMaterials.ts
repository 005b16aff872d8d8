import { defineEntity, f, rule, type ComputedField } from '../define';
import { matterAccess, unlessAdminOrBilling } from '../engagements/access';

const id = (label: string): ComputedField => ({ type: 'number', integer: true, label });
const name = (label: string): ComputedField => ({ type: 'text', label });

/**
 * Shared materials (DICT-35..37): a file a matter's people share with the firm, with a name and
 * an optional storage folder. Everything the catalog filters on is read from the matter at each
 * request (computed, never stored, so it cannot drift from the matter): its project, the
 * project's paying client with the client's sector and country, the matter's service and product
 * departments, the business relationship manager's office, the office of the matter's
 * responsible position, and the year of the matter's date.
 *
 * `GET /matterSharedMaterials` takes the filters under the names the catalog sends: `clientId`,
 * `serviceId`, `productId`, `officeId`, `year`, `sectorId`, `countryId` (the computed fields of
 * those names) and `brmOfiiceId` (the specification's spelling, a named filter on `brmOfficeId`).
 * A user reads the materials of the matters they may read (the matter access rule); admins and
 * billing managers read every one. `POST /matterSharedMaterials/list` with `{ "matterIds": [3, 5] }`
 * (ids, or `{ id }` objects) answers the materials of those matters under the same rule (INV-31).
 */
export const matterSharedMaterials = defineEntity({
  name: 'matterSharedMaterials',
  entityName: 'MatterSharedMaterial',
  label: 'Shared materials',
  area: 'engagements',
  icon: 'FolderShared',
  route: 'shared-materials',
  module: 'SHARED_MATERIAL',
  fields: {
    name: f.text({ required: true, label: 'Name' }),
    file: f.file({ required: true, label: 'File' }),
    matter: f.ref('matters', { required: true, onDelete: 'cascade' }),
    folder: f.ref('storageFolders', { label: 'Folder' }),
  },
  computed: {
    projectId: id('Project id'),
    clientId: id('Client id'),
    clientName: name('Client'),
    serviceId: id('Service id'),
    serviceName: name('Service'),
    productId: id('Product id'),
    productName: name('Product'),
    brmOfficeId: id('Business RM office id'),
    brmOfficeName: name('Business RM office'),
    officeId: id('Matter office id'),
    officeName: name('Matter office'),
    year: id('Year'),
    sectorId: id('Client sector id'),
    sectorName: name('Client sector'),
    countryId: id('Client country id'),
    countryName: name('Client country'),
  },
  // the specification spells the business RM office's parameter `brmOfiiceId`; kept on the wire
  queryFilters: {
    brmOfiiceId: { type: 'number', where: (v) => rule.eq('brmOfficeId', v) },
  },
  accessRule: unlessAdminOrBilling((user) => matterAccess(user, 'matter.id')),
  actions: {
    // POST /core/api/matterSharedMaterials/list { matterIds: [3, 5] } (INV-31): the materials of an
    // invoice's matters, read as the list reads them (same access rule), by name
    list: {
      level: 'collection',
      methods: ['POST'],
      path: 'list',
      summary: 'The shared materials of the given matters',
      input: { matterIds: f.refList('matters', { required: true, label: 'Matters' }) },
      access: { privilege: 'view' },
    },
  },
  projections: {
    full: {
      embed: {
        file: ['name', 'contentType', 'size'],
        matter: ['number', 'description'],
        folder: ['name'],
      },
    },
  },
  defaultProjection: 'full',
  defaultSort: [['name', 'asc']],
  search: ['name', 'matter.number', 'matter.description'],
  recordRepresentation: 'name',
  indexes: [['matter', 'lastModifiedDate']],
  list: {
    columns: ['name', 'file', 'matter', 'clientName', 'folder', 'year'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'matter.id', field: 'matter', label: 'Matter' },
      { source: 'folder.id', field: 'folder', label: 'Folder' },
    ],
  },
  form: { groups: [{ name: 'main', label: 'Shared material', fields: ['name', 'file', 'matter', 'folder'] }] },
});

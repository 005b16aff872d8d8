import { defineEntity, f, rule, type ComputedField } from '../define';
import { matterAccess, unlessAdminOrBilling } from '../engagements/access';

/**
 * One value read from a shared material's matter, as a correlated sub-query over the matter and
 * what it leads to: `m` the matter, `p` its project, `c` the project's paying client, `rp` the
 * matter's responsible position, `bp` the project's business relationship manager position.
 * Read on every request, so a material always shows its matter as it is now.
 */
const fromMatter = (select: string): string =>
  `(SELECT ${select} FROM matters m` +
  ' LEFT JOIN projects p ON p.id = m.project_id' +
  ' LEFT JOIN clients c ON c.id = p.payer_client_id' +
  ' LEFT JOIN positions rp ON rp.id = m.responsible_position_id' +
  ' LEFT JOIN positions bp ON bp.id = p.business_relationship_manager_position_id' +
  ' WHERE m.id = {row}.matter_id)';

/** The most materials `POST /matterSharedMaterials/list` answers at once (the first by name; `page.totalElements` counts all). */
const MAX_LISTED = 1000;

const id = (label: string, expr: string): ComputedField => ({
  type: 'number',
  integer: true,
  label,
  sql: fromMatter(expr),
});
const name = (label: string, sql: string): ComputedField => ({ type: 'text', label, sql: fromMatter(sql) });
const departmentName = (column: string) => `(SELECT d.gname FROM departments d WHERE d.id = ${column})`;
const officeName = (column: string) => `(SELECT o.gfirm_name FROM offices o WHERE o.id = ${column})`;

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
    projectId: id('Project id', 'm.project_id'),
    clientId: id('Client id', 'p.payer_client_id'),
    clientName: name('Client', 'c.gname'),
    serviceId: id('Service id', 'm.service_department_id'),
    serviceName: name('Service', departmentName('m.service_department_id')),
    productId: id('Product id', 'm.product_department_id'),
    productName: name('Product', departmentName('m.product_department_id')),
    brmOfficeId: id('Business RM office id', 'bp.office_id'),
    brmOfficeName: name('Business RM office', officeName('bp.office_id')),
    officeId: id('Matter office id', 'rp.office_id'),
    officeName: name('Matter office', officeName('rp.office_id')),
    year: id('Year', 'EXTRACT(YEAR FROM m.date)::int'),
    sectorId: id('Client sector id', 'c.sector_id'),
    sectorName: name('Client sector', departmentName('c.sector_id')),
    countryId: id('Client country id', 'c.country_id'),
    countryName: name('Client country', '(SELECT b.gname FROM base_dictionaries b WHERE b.id = c.country_id)'),
  },
  // the specification spells the business RM office's parameter `brmOfiiceId`; kept on the wire
  queryFilters: {
    brmOfiiceId: { type: 'number', where: (v) => rule.eq('brmOfficeId', v) },
  },
  accessRule: unlessAdminOrBilling((user) => rule.through('matter', matterAccess(user))),
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
      handler: async ({ input, list }) => {
        const ids = input.matterIds as number[];
        if (ids.length === 0) return { _embedded: { matterSharedMaterials: [] }, page: { totalElements: 0 } };
        const page = await list.page({ 'matter.id.in': ids.join(','), sort: 'name,asc', size: String(MAX_LISTED) });
        return { _embedded: { matterSharedMaterials: page.items }, page: { totalElements: page.totalElements } };
      },
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

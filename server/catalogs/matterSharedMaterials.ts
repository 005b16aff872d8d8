import { defineServer } from '../define';

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

const departmentName = (column: string) => `(SELECT d.gname FROM departments d WHERE d.id = ${column})`;
const officeName = (column: string) => `(SELECT o.gfirm_name FROM offices o WHERE o.id = ${column})`;

export const matterSharedMaterialsServer = defineServer('matterSharedMaterials', {
  computed: {
    projectId: fromMatter('m.project_id'),
    clientId: fromMatter('p.payer_client_id'),
    clientName: fromMatter('c.gname'),
    serviceId: fromMatter('m.service_department_id'),
    serviceName: fromMatter(departmentName('m.service_department_id')),
    productId: fromMatter('m.product_department_id'),
    productName: fromMatter(departmentName('m.product_department_id')),
    brmOfficeId: fromMatter('bp.office_id'),
    brmOfficeName: fromMatter(officeName('bp.office_id')),
    officeId: fromMatter('rp.office_id'),
    officeName: fromMatter(officeName('rp.office_id')),
    year: fromMatter('EXTRACT(YEAR FROM m.date)::int'),
    sectorId: fromMatter('c.sector_id'),
    sectorName: fromMatter(departmentName('c.sector_id')),
    countryId: fromMatter('c.country_id'),
    countryName: fromMatter('(SELECT b.gname FROM base_dictionaries b WHERE b.id = c.country_id)'),
  },
  actions: {
    // POST /core/api/matterSharedMaterials/list { matterIds: [3, 5] } (INV-31): the materials of an
    // invoice's matters, read as the list reads them (same access rule), by name
    list: async ({ input, list }) => {
      const ids = input.matterIds as number[];
      if (ids.length === 0) return { _embedded: { matterSharedMaterials: [] }, page: { totalElements: 0 } };
      const page = await list.page({ 'matter.id.in': ids.join(','), sort: 'name,asc', size: String(MAX_LISTED) });
      return { _embedded: { matterSharedMaterials: page.items }, page: { totalElements: page.totalElements } };
    },
  },
});

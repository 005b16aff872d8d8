import { defineEntity, f } from '../define';

/** Roles and their privilege lists (USR-01..06, PERM-01); admin only (NAV-100). */
export const roles = defineEntity({
  name: 'roles',
  entityName: 'Role',
  label: 'Roles',
  area: 'administration',
  icon: 'AdminPanelSettings',
  base: 'auth',
  access: { read: 'admin', write: 'admin' },
  fields: {
    name: f.text({ required: true, unique: true, maxLength: 64 }),
    privilegeList: f.children('privileges', { via: 'role', nestedWrite: true, label: 'Privileges' }),
  },
  projections: { full: { embed: { privilegeList: 'full' } } },
  // the card lists the role's privileges; each is added, edited and deleted on its own
  // (POST, PUT and DELETE on /auth/api/v2/privileges, USR-07..09)
  show: {
    tabs: [
      { name: 'main', label: 'Main', fields: ['name'] },
      {
        name: 'privileges',
        label: 'Privileges',
        related: { collection: 'privileges', via: 'role', columns: ['module', 'view', 'create', 'update', 'delete'] },
      },
    ],
  },
  defaultSort: [['name', 'asc']],
  search: ['name'],
  recordRepresentation: 'name',
  list: { columns: ['name'], filters: [{ source: 'search', label: 'Search', alwaysOn: true }] },
});

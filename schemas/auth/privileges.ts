import { defineEntity, f } from '../define';
import { MODULES } from '../modules';

/** One role's view/create/update/delete flags on one module (PERM-08, USR-07..09); admin only. */
export const privileges = defineEntity({
  name: 'privileges',
  entityName: 'Privilege',
  label: 'Privileges',
  area: 'administration',
  base: 'auth',
  access: { read: 'admin', write: 'admin' },
  hideFromMenu: true,
  fields: {
    role: f.ref('roles', { required: true, onDelete: 'cascade' }),
    module: f.enum(MODULES, { required: true, unique: ['role'] }),
    view: f.boolean({ default: false }),
    create: f.boolean({ default: false }),
    update: f.boolean({ default: false }),
    delete: f.boolean({ default: false }),
  },
  defaultSort: [['module', 'asc']],
  search: ['module'],
  recordRepresentation: 'module',
  list: { columns: ['role', 'module', 'view', 'create', 'update', 'delete'] },
});

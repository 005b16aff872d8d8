import { getSchema } from '../../schemas/index';
import type { Role } from '../../schemas/modules';
import { insertRow } from '../auth/testing';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { privilegeRows } from '../db/seed/roles';

/**
 * Test support: gives `role` exactly the grants the demo seed gives it (`privilegeRows`,
 * `server/db/seed/roles.ts`), creating the role when it is missing and replacing the privileges it
 * holds (the fixture's roles of the same name hold only a few).
 * @example await grantSeeded(h.db, 'BILL')
 */
export async function grantSeeded(db: Pick<Database, 'query'>, role: Role): Promise<void> {
  const roles = getSchema('roles');
  const privileges = getSchema('privileges');
  const [found] = await db.query<{ id: number }>(
    `SELECT id FROM "${roles.table}" WHERE "${columnName('name', roles.fields.name!)}" = $1`,
    [role],
  );
  const id = found ? Number(found.id) : await insertRow(db, 'roles', { name: role });
  await db.query(`DELETE FROM "${privileges.table}" WHERE "${columnName('role', privileges.fields.role!)}" = $1`, [id]);
  for (const p of privilegeRows(role)) await insertRow(db, 'privileges', { role: id, ...p });
}

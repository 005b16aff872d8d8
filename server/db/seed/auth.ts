import { privileges, roles, users } from '../../../schemas/index';
import { BCRYPT_ALPHABET, hashPassword } from '../../auth/passwords';
import type { DemoUsername } from './employees';
import { DEMO_ACCOUNTS, SEEDED_ROLES, privilegeRows } from './roles';
import { REFERENCE_DATE, type Rng } from './random';
import { insertJoin, insertRows, syncIdSequence, type SeedRow, type Tx } from './sql';

const BCRYPT_COST = 10;

/**
 * A bcrypt salt drawn from the seeded generator, so the demo data is identical run after run.
 * The last character carries 2 bits only, hence one of the four characters whose low bits are 0.
 */
function seededSalt(rng: Rng): string {
  const body = Array.from({ length: 21 }, () => rng.pick([...BCRYPT_ALPHABET])).join('');
  return `$2b$${BCRYPT_COST}$${body}${rng.pick(['.', 'O', 'e', 'u'])}`;
}

const hashes = new Map<string, Promise<string>>();
/** bcrypt is slow by design (about 0.1 s a hash here): a process seeding twice (tests) hashes once. */
function seededHash(password: string, salt: string): Promise<string> {
  const key = `${password}\u0000${salt}`;
  let hash = hashes.get(key);
  if (!hash) hashes.set(key, (hash = hashPassword(password, BCRYPT_COST, salt)));
  return hash;
}

const seedAudit = () => ({
  createdDate: REFERENCE_DATE.toISOString(),
  lastModifiedDate: REFERENCE_DATE.toISOString(),
  createdBy: 'seed',
  lastModifiedBy: 'seed',
});

/**
 * Seeds the 22 roles (PERM-01) with their privileges (roles.ts): reference data every database
 * needs, the production one included.
 * @returns the role ids by name and the row counts
 */
export async function seedRoles(tx: Tx): Promise<{ roleIds: Map<string, number>; roles: number; privileges: number }> {
  const audit = seedAudit();
  const roleIds = new Map<string, number>(SEEDED_ROLES.map((name, i) => [name, i + 1]));
  const roleRows: SeedRow[] = SEEDED_ROLES.map((name) => ({ id: roleIds.get(name), name, ...audit }));
  const privilegeRowsAll: SeedRow[] = SEEDED_ROLES.flatMap((name) =>
    privilegeRows(name).map((p) => ({ role: roleIds.get(name), ...p, ...audit })),
  );
  privilegeRowsAll.forEach((row, i) => (row.id = i + 1));
  await insertRows(tx, roles, roleRows);
  await insertRows(tx, privileges, privilegeRowsAll);
  for (const s of [roles, privileges]) await syncIdSequence(tx, s);
  return { roleIds, roles: roleRows.length, privileges: privilegeRowsAll.length };
}

/**
 * Seeds the roles (see {@link seedRoles}) and the demo users (password = bcrypt hash of the
 * username, cost 10), each linked to an employee and a role.
 */
export async function seedAuth(
  tx: Tx,
  rng: Rng,
  demoEmployees: Record<DemoUsername, number>,
  emails: Map<number, string>,
): Promise<{ roles: number; privileges: number; users: number }> {
  const audit = seedAudit();
  const { roleIds, ...counts } = await seedRoles(tx);
  const userRows: SeedRow[] = [];
  const userRoles: Array<[number, number]> = [];
  DEMO_ACCOUNTS.forEach((account, i) => {
    const employee = demoEmployees[account.username];
    userRows.push({
      id: i + 1,
      username: account.username,
      email: emails.get(employee) ?? `${account.username}@bureau.example`,
      employee,
      enabled: true,
      password: seededHash(account.username, seededSalt(rng)),
      ...audit,
    });
    userRoles.push([i + 1, roleIds.get(account.role)!]);
  });

  for (const row of userRows) row.password = await row.password;
  await insertRows(tx, users, userRows);
  await insertJoin(tx, users, 'roles', userRoles);
  await syncIdSequence(tx, users);
  return { ...counts, users: userRows.length };
}

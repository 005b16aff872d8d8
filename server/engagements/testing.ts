import { createTestUser } from '../auth/testing';
import type { Harness } from '../test/harness';

/**
 * Setup shared by the engagements tests: the fixture's positions made active (the positions pick
 * list offers active positions only, WID-27), a billing manager with the project and matter
 * privileges (`billproj`), and boris as a user with view on projects and matters (`boris`).
 */
export async function engagementsSetup(h: Harness): Promise<void> {
  await h.db.query('UPDATE positions SET status_id = $1 WHERE status_id IS NULL', [h.fx.entries['POSITION_STATUS:1']]);
  const full = { view: true, create: true, update: true, delete: true };
  const view = { view: true, create: false, update: false, delete: false };
  await createTestUser(h.db, {
    username: 'billproj',
    roles: [
      { name: 'BILL' },
      { name: 'ENGAGEMENTS', privileges: ['project', 'matter', 'time'].map((module) => ({ module, ...full })) },
    ],
  });
  await createTestUser(h.db, {
    username: 'boris',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'VIEWER', privileges: ['project', 'matter', 'time'].map((module) => ({ module, ...view })) }],
  });
}

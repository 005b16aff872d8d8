import { createTestUser } from '../auth/testing';
import type { Harness } from '../test/harness';
import { approversEverywhere } from '../test/approvers';

/**
 * Setup shared by the engagements tests: a billing manager with the project and matter
 * privileges (`billproj`), boris as a user with view on projects and matters (`boris`), and
 * approvers of every kind in both offices (MC-6: a new matter needs its office's approvers).
 */
export async function engagementsSetup(h: Harness): Promise<void> {
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
  await approversEverywhere(h);
}

import { createTestUser } from '../auth/testing';
import type { Harness } from '../test/harness';

/**
 * Setup shared by the people tests: `hr`, a user with every privilege of the people area
 * (`team`, `position`, `EMPLOYEE_TITLE`, `job-titles`, `POSITION_PARTNER_FUND`) and view on
 * `POSITION_OFFICE_RATE`, without being an admin.
 */
export async function peopleSetup(h: Harness): Promise<void> {
  const full = { view: true, create: true, update: true, delete: true };
  const view = { view: true, create: false, update: false, delete: false };
  await createTestUser(h.db, {
    username: 'hr',
    roles: [
      {
        name: 'PEOPLE',
        privileges: [
          ...['team', 'position', 'EMPLOYEE_TITLE', 'job-titles', 'POSITION_PARTNER_FUND'].map((module) => ({
            module,
            ...full,
          })),
          { module: 'POSITION_OFFICE_RATE', ...view },
        ],
      },
    ],
  });
}

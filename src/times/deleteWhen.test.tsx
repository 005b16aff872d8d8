import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthProvider } from 'react-admin';
import { matters, times } from '../../schemas/index';
import { mayDeleteTime } from '../../schemas/work/times';
import { toPermissions } from '../access/canAccess';
import { renderAdmin } from '../resources/testUtils';

afterEach(cleanup);
const WAIT = { timeout: 10_000 };

/** Whether the signed-in user's identity and permissions have been answered (then the card knows them). */
let answered = { identity: false, permissions: false };

/** A signed-in user: employee 5 with the given roles (the seeded MEMBER holds time VCUD). */
const signedIn = (roles: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => {
    answered.identity = true;
    return { id: 'carl', fullName: 'Carl', employeeId: 5 };
  },
  getPermissions: async () => {
    answered.permissions = true;
    return toPermissions({
      roleList: roles.map((name) => ({
        name,
        privilegeList: [{ module: 'time', view: true, create: true, update: true, delete: true }],
      })),
    });
  },
});

const entry = (id: number, employee: number, code: number, gname: string) => ({
  id,
  dateTime: '2026-11-16T09:00:00.000Z',
  duration: 900_000,
  workDescription: `Entry ${id}`,
  workType: { id: 31, code: 1, gname: 'Time entry' },
  billingStatus: { id: 40 + code, code, gname },
  employee: { id: employee },
  matter: { id: 7, number: 'M-7', description: 'Audit' },
});
const data = () => ({
  times: [entry(1, 5, 2, 'Unbilled'), entry(2, 5, 4, 'Invoiced'), entry(3, 6, 2, 'Unbilled')],
  matters: [{ id: 7, number: 'M-7', description: 'Audit' }],
  employees: [],
  positions: [],
  'base-subtypes': [],
});

/** The card of entry `id` once the record, the identity and the permissions are in: its Delete button or null. */
const card = async (id: number, roles = ['MEMBER']) => {
  answered = { identity: false, permissions: false };
  renderAdmin(`/times/${id}`, [times, matters], data(), () => true, undefined, undefined, signedIn(roles));
  expect(await screen.findByText(`Entry ${id}`, {}, WAIT)).toBeInTheDocument();
  await screen.findByRole('link', { name: /edit/i }, WAIT);
  await waitFor(() => expect(answered).toEqual({ identity: true, permissions: true }), WAIT);
  // the answers reach the toolbar on the next renders
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  return screen.queryByRole('button', { name: /delete/i });
};

describe('deleting a time entry from the SPA', { timeout: 40_000 }, () => {
  it('TIME-18 the rule: own unbilled entries for a lawyer, any for admins and billing managers', () => {
    const lawyer = { roles: ['MEMBER'], employeeId: 5 };
    expect(mayDeleteTime(lawyer, entry(1, 5, 2, 'Unbilled'))).toBe(true);
    expect(mayDeleteTime(lawyer, entry(1, 5, 1, 'Not billable'))).toBe(true);
    expect(mayDeleteTime(lawyer, entry(2, 5, 4, 'Invoiced'))).toBe(false);
    expect(mayDeleteTime(lawyer, entry(2, 5, 3, 'In pre-invoice'))).toBe(false);
    expect(mayDeleteTime(lawyer, { ...entry(1, 5, 2, 'Unbilled'), invoice: { id: 9 } })).toBe(false);
    expect(mayDeleteTime(lawyer, entry(3, 6, 2, 'Unbilled'))).toBe(false);
    expect(mayDeleteTime({ roles: ['ADMIN'], employeeId: null }, entry(2, 5, 4, 'Invoiced'))).toBe(true);
  });

  it("TIME-18 the card offers Delete on the lawyer's own unbilled entry, and to an admin on a billed one", async () => {
    expect(await card(1)).not.toBeNull();
    cleanup();
    expect(await card(2, ['ADMIN'])).not.toBeNull();
  });

  it('TIME-18 the card hides Delete on a billed entry', async () => {
    expect(await card(2)).toBeNull();
  });

  it("TIME-18 the card hides Delete on a colleague's entry", async () => {
    expect(await card(3)).toBeNull();
  });
});

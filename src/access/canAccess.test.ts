import { describe, expect, it } from 'vitest';
import { schemas } from '../../schemas/index';
import type { Privilege, UserInfo } from '../../schemas/access';
import { createCanAccess, toPermissions } from './canAccess';

const priv = (module: string, flags: Partial<Privilege> = {}): Privilege => ({
  module,
  view: true,
  create: false,
  update: false,
  delete: false,
  ...flags,
});
const user = (roles: Array<[string, Privilege[]]>): UserInfo => ({
  username: 'u',
  employeeId: 1,
  employeeOfficeId: 1,
  employeeName: 'U',
  roleList: roles.map(([name, privilegeList]) => ({ name, privilegeList })),
  positionList: [],
});

const admin = createCanAccess(schemas, toPermissions(user([['ADMIN', []]])));
const billing = createCanAccess(
  schemas,
  toPermissions(user([['BILL', [priv('client', { create: true, update: true }), priv('team')]]])),
);
const member = createCanAccess(schemas, toPermissions(user([['MEMBER', [priv('team'), priv('department')]]])));

describe('canAccess', () => {
  it('PERM-02/03 an admin may do everything, base types included', () => {
    for (const action of ['list', 'show', 'create', 'edit', 'delete']) {
      expect(admin({ action, resource: 'clients' })).toBe(true);
      expect(admin({ action, resource: 'base-types' })).toBe(true);
    }
    expect(admin({ action: 'list', resource: 'cashbox' })).toBe(true);
  });

  it('PERM-10 a member without the client view privilege cannot view clients', () => {
    expect(member({ action: 'list', resource: 'clients' })).toBe(false);
    expect(member({ action: 'show', resource: 'clients' })).toBe(false);
    expect(member({ action: 'list', resource: 'teams' })).toBe(true);
    expect(member({ action: 'edit', resource: 'teams' })).toBe(false);
  });

  it('NAV-51/52 only admins see base types and base subtypes', () => {
    for (const resource of ['base-types', 'base-subtypes', 'currencies', 'roles']) {
      expect(billing({ action: 'list', resource })).toBe(false);
      expect(member({ action: 'list', resource })).toBe(false);
      expect(admin({ action: 'list', resource })).toBe(true);
    }
  });

  it('PERM-08 a billing manager acts by the flags of the client module', () => {
    expect(billing({ action: 'list', resource: 'clients' })).toBe(true);
    expect(billing({ action: 'create', resource: 'clients' })).toBe(true);
    expect(billing({ action: 'edit', resource: 'clients' })).toBe(true);
    expect(billing({ action: 'delete', resource: 'clients' })).toBe(false);
  });

  it('PERM-09 privileges merge across roles', () => {
    const both = createCanAccess(
      schemas,
      toPermissions(
        user([
          ['MEMBER', [priv('client')]],
          ['BILL', [priv('client', { view: false, delete: true })]],
        ]),
      ),
    );
    expect(both({ action: 'list', resource: 'clients' })).toBe(true);
    expect(both({ action: 'delete', resource: 'clients' })).toBe(true);
  });

  it('a bespoke page resource is checked as a privilege module', () => {
    const cashier = createCanAccess(schemas, toPermissions(user([['CASHBOX', [priv('cashbox')]]])));
    expect(cashier({ action: 'list', resource: 'cashbox' })).toBe(true);
    expect(member({ action: 'list', resource: 'cashbox' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { canReadField, mergePrivileges, unreadableFields } from './access';
import { defineEntity, f } from './define';
import { MODULES } from './modules';
import { getSchema, schemas } from './index';

/** Personal fields (H2-05): the `readModules` declaration, its load-time checks and the shared predicate. */
const entity = (extra: object) =>
  defineEntity({ name: 'gadgets', entityName: 'Gadget', label: 'Gadgets', area: 'test', fields: {}, ...extra });
const view = (module: string) => ({ module, view: true, create: false, update: false, delete: false });
const privileges = (...modules: string[]) => mergePrivileges([{ name: 'R', privilegeList: modules.map(view) }]);

describe('H2-05 personal fields: the declaration', () => {
  it('H2-05 a personal field may not be searched, nor name no module, and is refused at load', () => {
    const fields = { name: f.text(), phone: f.phone({ readModules: ['employee'] }) };
    expect(() => entity({ fields, search: ['name'] })).not.toThrow();
    expect(() => entity({ fields, search: ['name', 'phone'] })).toThrow(
      'schema gadgets: personal field "phone" may not be searched',
    );
    expect(() => entity({ fields, globalSearch: { fields: ['phone'] } })).toThrow('may not be searched');
    expect(() => entity({ fields: { phone: f.phone({ readModules: [] }) } })).toThrow('names no module');
  });

  it('H2-05 every declared personal field names known privilege modules', () => {
    const declared = schemas.flatMap((s) =>
      Object.entries(s.fields).flatMap(([name, fd]) => (fd.readModules ?? []).map((m) => `${s.name}.${name}: ${m}`)),
    );
    expect(declared.length).toBeGreaterThan(0);
    for (const entry of declared) expect(MODULES as readonly string[]).toContain(entry.split(': ')[1]);
  });

  it("H2-05 an employee's gender, birth date, phones and second e-mail are personal; the public profile is not", () => {
    const employees = getSchema('employees');
    expect(unreadableFields(employees, ['PUBLISHER'], privileges('team', 'PUBLISHER_NEWS')).sort()).toEqual(
      ['birthDate', 'firstPhoneNumber', 'gender', 'secondEmail', 'secondPhoneNumber'].sort(),
    );
    expect(unreadableFields(employees, ['HR'], privileges('team', 'employee'))).toEqual([]);
    expect(unreadableFields(employees, ['ADMIN'], privileges())).toEqual([]);
    expect(canReadField(employees.fields.firstEmail!, ['PUBLISHER'], privileges('team'))).toBe(true);
    // a privilege row without view opens nothing
    const noView = mergePrivileges([
      { name: 'R', privilegeList: [{ module: 'employee', view: false, create: true, update: true, delete: false }] },
    ]);
    expect(canReadField(employees.fields.birthDate!, ['R'], noView)).toBe(false);
  });
});

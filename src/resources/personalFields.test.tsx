import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSchema, schemas } from '../../schemas/index';
import { createCanAccess } from '../access/canAccess';
import { readsField, unreadFields } from './access';
import { renderAdmin } from './testUtils';

/**
 * Personal fields in the SPA (H2-05): a user without `view` on a personal field's module (a
 * publisher: `team` only) sees no column, card field or input for it, rather than an empty one;
 * a user with `employee` sees them all.
 */
const employees = getSchema('employees');
const offices = getSchema('offices');
const full = { view: true, create: true, update: true, delete: true };
const userWith = (...modules: string[]) => {
  const check = createCanAccess(schemas, {
    roles: ['USER'],
    privileges: new Map(modules.map((module) => [module, { module, ...full }])),
  });
  return (action: string, resource: string) => check({ action, resource });
};
const anna = {
  id: 1,
  version: 0,
  gfirstName: 'Anna',
  glastName: 'Abenova',
  fullName: 'Anna Abenova',
  firstEmail: 'anna@bureau.test',
  office: null,
  status: null,
  positionList: [],
};
const personal = { birthDate: '1990-05-17', firstPhoneNumber: '+77011234567', gender: null, secondEmail: null };

/** A page renders in a few seconds on a loaded machine. */
const WAIT = { timeout: 15_000 };

afterEach(cleanup);

describe('H2-05 personal fields in the SPA', () => {
  it('H2-05 the fields a user does not read come from the declarations and the module privileges', () => {
    expect(unreadFields(employees, userWith('team')).sort()).toEqual(
      ['birthDate', 'firstPhoneNumber', 'gender', 'secondEmail', 'secondPhoneNumber'].sort(),
    );
    expect(unreadFields(employees, userWith('team', 'employee'))).toEqual([]);
    expect(readsField(employees.fields.gfirstName!, userWith('team'))).toBe(true);
  });

  it('H2-05 the team list of a publisher has no birthday or mobile column; with the employee module it has', async () => {
    renderAdmin('/teams', [employees, offices], { teams: [anna], offices: [], titles: [] }, userWith('team'));
    await screen.findByText('anna@bureau.test', {}, WAIT);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.join('|')).not.toMatch(/Birthday|Mobile phone/);
    cleanup();
    renderAdmin(
      '/teams',
      [employees, offices],
      { teams: [{ ...anna, ...personal }], offices: [], titles: [] },
      userWith('team', 'employee'),
    );
    await screen.findByText('anna@bureau.test', {}, WAIT);
    const all = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(all.join('|')).toMatch(/Birthday/);
    expect(all.join('|')).toMatch(/Mobile phone/);
  }, 60_000);

  it('H2-05 the card and the edit form of an employee neither show nor ask for the personal fields of a reader without the employee module', async () => {
    const editor = userWith('team');
    renderAdmin('/teams/1', [employees, offices], { teams: [anna], offices: [], titles: [] }, editor);
    await screen.findAllByText(/Abenova/, {}, WAIT);
    expect(screen.queryByText('Birthday')).toBeNull();
    expect(screen.queryByText('Second e-mail')).toBeNull();
    cleanup();
    // the same card for a reader with the employee module shows them
    renderAdmin(
      '/teams/1',
      [employees, offices],
      { teams: [{ ...anna, ...personal }], offices: [], titles: [] },
      userWith('team', 'employee'),
    );
    await screen.findAllByText(/Abenova/, {}, WAIT);
    expect(screen.getByText('Birthday')).toBeTruthy();
    cleanup();
    renderAdmin('/teams/1/edit', [employees, offices], { teams: [anna], offices: [], titles: [] }, editor);
    await screen.findByDisplayValue('anna@bureau.test', {}, WAIT);
    expect(screen.queryByLabelText(/Birthday/)).toBeNull();
    expect(screen.queryByLabelText(/Mobile phone/)).toBeNull();
    expect(screen.getByLabelText(/First name/)).toBeTruthy();
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { parseDashboardState, writeDashboardState } from './state';
import { experienceParameters, moneyParameters } from './tabs';

const NOW = new Date(2026, 9, 15); // 15 Oct 2026, local

describe('dashboard state in the address', () => {
  it('DASH-02 the state holds the period, sector, service, office, department, employee, experience client/sector/country/office and group-by-year, read from the address', () => {
    const state = parseDashboardState(
      new URLSearchParams(
        'from=2026-03-01&to=2026-03-31&sector=7&service=3&office=2&department=5&employee=9&expClient=4&expSector=8&expCountry=11&expOffice=6&expBy=sector&byYear=1',
      ),
      NOW,
    );
    expect(state).toEqual({
      dateStart: '2026-03-01',
      dateEnd: '2026-03-31',
      sector: 7,
      service: 3,
      office: 2,
      department: 5,
      employee: 9,
      experienceClient: 4,
      experienceSector: 8,
      experienceCountry: 11,
      experienceOffice: 6,
      experienceBy: 'sector',
      groupByYear: true,
    });
  });

  it('DASH-02 an empty address is the year to date, no filters, grouped over the period by country', () => {
    expect(parseDashboardState(new URLSearchParams(''), NOW)).toEqual({
      dateStart: '2026-01-01',
      dateEnd: '2026-10-15',
      experienceBy: 'country',
      groupByYear: false,
    });
  });

  it('DASH-02 malformed values are ignored and a reversed period is put in order', () => {
    const state = parseDashboardState(
      new URLSearchParams('from=2026-02-30&to=2025-12-01&office=abc&sector=-1&employee=0&expBy=planet&byYear=yes'),
      NOW,
    );
    expect(state).toEqual({
      dateStart: '2025-12-01',
      dateEnd: '2026-01-01',
      experienceBy: 'country',
      groupByYear: false,
    });
  });

  it('DASH-02 writing a change sets and removes only the keys the state owns, and reads back the same state', () => {
    const prev = new URLSearchParams('office=2&keep=me');
    const next = writeDashboardState(prev, {
      dateStart: '2026-05-01',
      dateEnd: '2026-05-31',
      office: undefined,
      sector: 7,
      experienceCountry: 11,
      groupByYear: true,
    });
    expect(Object.fromEntries(next)).toEqual({
      keep: 'me',
      from: '2026-05-01',
      to: '2026-05-31',
      sector: '7',
      expCountry: '11',
      byYear: '1',
    });
    const state = parseDashboardState(next, NOW);
    expect(state).toMatchObject({ dateStart: '2026-05-01', sector: 7, experienceCountry: 11, groupByYear: true });
    expect(state.office).toBeUndefined();
    expect(Object.fromEntries(writeDashboardState(next, { groupByYear: false, sector: undefined }))).toEqual({
      keep: 'me',
      from: '2026-05-01',
      to: '2026-05-31',
      expCountry: '11',
    });
  });
});

describe('chart parameters per tab', () => {
  const state = parseDashboardState(
    new URLSearchParams('from=2026-10-01&to=2026-10-31&sector=7&service=3&office=2&department=5&employee=9'),
    NOW,
  );

  it('DASH-12 DASH-13 DASH-14 each tab sends the period as date_gte/date_lte and only its own filters', () => {
    const period = { date_gte: '2026-10-01', date_lte: '2026-10-31' };
    expect(moneyParameters('offices', state)).toEqual({ ...period, office_id: 2 });
    expect(moneyParameters('sectors', state)).toEqual({ ...period, object_type: 'sector', object_id: 7 });
    expect(moneyParameters('services', state)).toEqual({ ...period, department_id: 3 });
    expect(moneyParameters('departments', state)).toEqual({ ...period, department_id: 5 });
    expect(moneyParameters('personal', state)).toEqual({ ...period, eid: 9 });
    expect(moneyParameters('global', state)).toEqual({
      ...period,
      office_id: 2,
      department_id: 3,
      eid: 9,
      object_type: 'sector',
      object_id: 7,
    });
  });

  it('DASH-13 the personal tab is the reader’s own figures unless an employee is picked', () => {
    const mine = parseDashboardState(new URLSearchParams('from=2026-10-01&to=2026-10-31'), NOW);
    expect(moneyParameters('personal', mine, 42)).toMatchObject({ eid: 42 });
    expect(moneyParameters('offices', mine, 42)).not.toHaveProperty('eid');
  });

  it('DASH-17 the experience chart groups by the chosen kind and filters by the group of that kind', () => {
    const exp = parseDashboardState(
      new URLSearchParams('from=1980-01-01&to=2026-10-31&expBy=office&expOffice=6&expCountry=11'),
      NOW,
    );
    expect(experienceParameters(exp)).toEqual({
      date_gte: '1980-01-01',
      date_lte: '2026-10-31',
      group_by: 'office',
      object_id: 6,
    });
  });
});

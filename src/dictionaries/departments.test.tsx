import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { baseDictionaries, baseDictionaryTypes, departments, schemas } from '../../schemas/index';
import { createCanAccess } from '../access/canAccess';
import { renderAdmin } from '../resources/testUtils';

/**
 * The departments pages (NAV-53..56, DICT-17/18/22/25) and the dictionary tables (DICT-04/05), as
 * generated from the schemas, on a fake data provider.
 */
afterEach(cleanup);

const WAIT = { timeout: 5000 };
const active = { id: 1, code: 1, gname: 'Active' };
const closed = { id: 2, code: 2, gname: 'Inactive' };
const data = () => ({
  departments: [
    { id: 10, gname: 'Bureau', top: true, businessTeam: false, status: active, type: { id: 5, code: 2 } },
    {
      id: 11,
      gname: 'Energy',
      top: false,
      businessTeam: false,
      status: active,
      parent: { id: 10 },
      type: { id: 6, code: 7 },
    },
    {
      id: 12,
      gname: 'Banking',
      top: false,
      businessTeam: true,
      status: closed,
      parent: { id: 10 },
      type: { id: 6, code: 7 },
    },
    { id: 13, gname: 'Tax', top: false, businessTeam: false, status: active, type: { id: 7, code: 15 } },
  ],
  'base-subtypes': [active, closed],
  'base-types': [],
});
const canAccessDepartments = (allowed: boolean) => (action: string, resource: string) =>
  resource !== 'departments' || (allowed && action !== 'delete');

describe('departments pages', { timeout: 30_000 }, () => {
  it('NAV-53 DICT-22 DICT-25 the list needs view on department, shows name, top, business team, status, active by default', async () => {
    renderAdmin('/departments', [departments], data(), canAccessDepartments(true));
    expect(await screen.findByText('Energy', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('Banking')).not.toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Name', 'Top', 'Business team', 'Status']));
  });

  it('DICT-17 DICT-18 dictionary and department tables search by name (always shown) and sort by last change', () => {
    for (const s of [departments, baseDictionaries, baseDictionaryTypes]) {
      expect(s.list?.filters?.find((f) => f.source === 'search')).toMatchObject({ alwaysOn: true });
      expect(s.search).toContain('gname');
      expect(s.defaultSort).toEqual([['lastModifiedDate', 'desc']]);
    }
  });

  it('NAV-53 NAV-54 the departments pages need view on department', () => {
    const view = { module: 'department', view: true, create: false, update: false, delete: false };
    const member = createCanAccess(schemas, { roles: ['MEMBER'], privileges: new Map([['department', view]]) });
    const guest = createCanAccess(schemas, { roles: ['MEMBER'], privileges: new Map() });
    for (const action of ['list', 'show']) {
      expect(member({ action, resource: 'departments' })).toBe(true);
      expect(guest({ action, resource: 'departments' })).toBe(false);
    }
    expect(member({ action: 'create', resource: 'departments' })).toBe(false);
  });

  it('NAV-54 NAV-55 the card opens at /departments/{digits} on its main tab; other ids are not found', async () => {
    renderAdmin('/departments/11', [departments], data(), canAccessDepartments(true));
    const main = await screen.findByRole('tab', { name: 'Main' }, WAIT);
    expect(main).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Energy', {}, WAIT)).toBeInTheDocument();
    cleanup();
    const admin = renderAdmin('/departments/abc', [departments], data(), canAccessDepartments(true));
    await waitFor(() => expect(admin.location()).toBe('/404'), WAIT);
  });

  it('NAV-56 the sub-departments tab lists the child departments', async () => {
    renderAdmin('/departments/10/sub-departments', [departments], data(), canAccessDepartments(true));
    const tab = await screen.findByRole('tab', { name: 'Sub-departments' }, WAIT);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Energy', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Banking')).toBeInTheDocument();
    expect(screen.queryByText('Tax')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Main' }));
  });
});

describe('dictionary tables', { timeout: 30_000 }, () => {
  it('DICT-04 the base-subtypes table shows base type, code, name, local name, char code', async () => {
    renderAdmin('/base-subtypes', [baseDictionaries, baseDictionaryTypes], {
      'base-subtypes': [
        { id: 1, code: 3, gname: 'English', lname: 'Английский', charCode: 'en', type: { id: 5, gname: 'LANGUAGE' } },
      ],
      'base-types': [{ id: 5, code: 5, gname: 'LANGUAGE' }],
    });
    const table = await screen.findByRole('table', {}, WAIT);
    await within(table).findByText('English', {}, WAIT);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers.filter(Boolean)).toEqual(['Base type', 'Code', 'Name', 'Local name', 'Char code']);
  });

  it('DICT-05 the base-types table shows code, name, local name', async () => {
    renderAdmin('/base-types', [baseDictionaryTypes], {
      'base-types': [{ id: 5, code: 5, gname: 'LANGUAGE', lname: 'Язык' }],
    });
    const table = await screen.findByRole('table', {}, WAIT);
    await within(table).findByText('LANGUAGE', {}, WAIT);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers.filter(Boolean)).toEqual(['Code', 'Name', 'Local name']);
  });
});

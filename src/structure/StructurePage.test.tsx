import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import fakeRestProvider from 'ra-data-fakerest';
import { schemas } from '../../schemas/index';
import type { DepartmentNode } from '../../schemas/organisation/departmentTrees';
import type { Permissions } from '../access/canAccess';
import { BESPOKE_PAGES } from '../app/bespokePages';
import { renderBespokePage, viewPermissions } from '../app/bespokeTestUtils';
import { buildMenu } from '../app/menuModel';

/** The structure page (NAV-118): guarded by module `structure`, an office first, then its tree. */

const TREE: DepartmentNode[] = [
  {
    id: 1,
    gname: 'Bureau',
    type: { code: 2 },
    positions: [],
    children: [
      {
        id: 4,
        gname: 'Energy',
        type: { code: 7 },
        children: [],
        positions: [{ id: 9, main: true, level: { gname: 'Partners' }, employee: { id: 3, fullName: 'Anna Abenova' } }],
      },
    ],
  },
];

const renderAt = (path: string, permissions: Permissions, tree: DepartmentNode[] = TREE) => {
  // the data provider's action verb, whose request is proven in dataProvider/actions.test.ts
  const action = vi.fn(async () => ({ data: tree }));
  const dataProvider = {
    ...fakeRestProvider({
      offices: [
        { id: 1, gfirmName: 'Almaty office' },
        { id: 2, gfirmName: 'London office' },
      ],
    }),
    action,
  } as unknown as DataProvider;
  renderBespokePage('structure', path, dataProvider, permissions);
  return { action };
};

describe('the structure page', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('NAV-118 /structure carries module structure: in the menu only for users with view on it', () => {
    const areaItems = (p: Permissions) =>
      buildMenu(schemas, p, BESPOKE_PAGES)
        .flatMap((g) => g.items)
        .map((i) => i.route);
    expect(areaItems(viewPermissions(['MEMBER'], ['structure']))).toContain('structure');
    expect(areaItems(viewPermissions(['MEMBER'], ['department']))).not.toContain('structure');
    expect(areaItems(viewPermissions(['ADMIN'], []))).toContain('structure');
    expect(BESPOKE_PAGES.find((p) => p.route === 'structure')?.module).toBe('structure');
  });

  it('NAV-118 a user without view on structure lands on /404 and the tree is never asked for', async () => {
    const { action } = renderAt('/structure?officeId=2', viewPermissions(['MEMBER'], ['department']));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it('NAV-118 says "Office not selected" until an office is chosen, then shows its departments with positions', async () => {
    const { action } = renderAt('/structure', viewPermissions(['MEMBER'], ['structure']));
    expect(await screen.findByText('Office not selected')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
    const input = screen.getByRole('combobox', { name: 'Office' });
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByRole('option', { name: 'London office' }));
    const tree = await screen.findByRole('list', { name: 'Departments' });
    expect(within(tree).getByText('Bureau')).toBeInTheDocument();
    const positions = within(tree).getByRole('list', { name: 'Positions in Energy' });
    expect(within(positions).getByRole('link', { name: 'Anna Abenova' })).toHaveAttribute('href', '/employees/3/show');
    expect(within(positions).getByText('Partners')).toBeInTheDocument();
    expect(screen.queryByText('Office not selected')).not.toBeInTheDocument();
    expect(action).toHaveBeenCalledWith('departments', {
      name: 'allWithPositions',
      data: { officeId: 2, 'status.code': 1 },
      signal: expect.anything(),
    });
  });

  it('NAV-118 an office without positions says so', async () => {
    renderAt('/structure?officeId=1', viewPermissions(['ADMIN'], []), []);
    expect(await screen.findByText('No department has a current position in this office.')).toBeInTheDocument();
  });
});

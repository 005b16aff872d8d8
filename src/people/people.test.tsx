import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { findSchemaByRoute, getSchema, schemas } from '../../schemas/index';
import { toWirePayload } from '../../schemas/payload';
import { createCanAccess } from '../access/canAccess';
import { aliasRoutes } from '../app/routeAliases';
import { renderAdmin } from '../resources/testUtils';
import { listFilters } from '../resources/views/filters';
import { tabAllowed } from '../resources/views/SchemaShow';

afterEach(cleanup);

const employees = getSchema('employees');
const positions = getSchema('positions');
const positionFunds = getSchema('positionFunds');
const employeeTitles = getSchema('employeeTitles');
const positionRates = getSchema('positionRates');
const titles = getSchema('titles');

const full = { view: true, create: true, update: true, delete: true };
/** canAccess of a user holding `modules` (all four flags). */
const userWith = (...modules: string[]) => {
  const check = createCanAccess(schemas, {
    roles: ['USER'],
    privileges: new Map(modules.map((module) => [module, { module, ...full }])),
  });
  return (action: string, resource: string) => check({ action, resource });
};
const tabs = (schema: typeof employees, canAccess: ReturnType<typeof userWith>) =>
  (schema.show?.tabs ?? []).filter((t) => tabAllowed(t, canAccess)).map((t) => t.name);

const Where = () => {
  const l = useLocation();
  return <p>at {`${l.pathname}${l.search}`}</p>;
};
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {aliasRoutes(schemas)}
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('people routes and cards', () => {
  it('NAV-62 teams is the employee list and needs view on team', () => {
    expect(findSchemaByRoute('teams')).toBe(employees);
    expect(userWith('team')('list', 'teams')).toBe(true);
    expect(userWith('position')('list', 'teams')).toBe(false);
  });

  it('NAV-63 teams/{employeeId} is the employee card; NAV-64 profile/{employeeId} opens it too', async () => {
    renderAt('/profile/42');
    expect(await screen.findByText('at /teams/42')).toBeInTheDocument();
    cleanup();
    renderAt('/profile/42/titles?x=1');
    expect(await screen.findByText('at /teams/42/titles?x=1')).toBeInTheDocument();
  });

  it('NAV-68 employees/{employeeId}/positions/{positionId} opens the position card under the employee', async () => {
    renderAt('/employees/42/positions/7');
    expect(await screen.findByText('at /teams/42/positions/7')).toBeInTheDocument();
  });

  it('NAV-65 the employee card has tabs main, titles and positions; NAV-66 titles needs EMPLOYEE_TITLE; NAV-67 positions needs position', () => {
    expect(employees.show?.tabs?.map((t) => t.name)).toEqual(['main', 'titles', 'positions']);
    expect(tabs(employees, userWith('team', 'EMPLOYEE_TITLE', 'position'))).toEqual(['main', 'titles', 'positions']);
    expect(tabs(employees, userWith('team', 'position'))).toEqual(['main', 'positions']);
    expect(tabs(employees, userWith('team', 'EMPLOYEE_TITLE'))).toEqual(['main', 'titles']);
  });

  it('NAV-68 the position card needs view position; NAV-69 its tabs are main, position-products, position-funds and position-rates', () => {
    expect(userWith('team')('show', 'positions')).toBe(false);
    expect(userWith('position')('show', 'positions')).toBe(true);
    expect(positions.show?.tabs?.map((t) => t.name)).toEqual([
      'main',
      'position-products',
      'position-funds',
      'position-rates',
    ]);
  });

  it('NAV-70 position-funds needs POSITION_PARTNER_FUND; NAV-71 position-rates needs POSITION_OFFICE_RATE', () => {
    expect(tabs(positions, userWith('position'))).toEqual(['main', 'position-products']);
    expect(tabs(positions, userWith('position', 'POSITION_PARTNER_FUND'))).toEqual([
      'main',
      'position-products',
      'position-funds',
    ]);
    expect(tabs(positions, userWith('position', 'POSITION_OFFICE_RATE'))).toEqual([
      'main',
      'position-products',
      'position-rates',
    ]);
  });

  it('NAV-72 position-funds and position-rates are routes of their own', () => {
    expect(findSchemaByRoute('position-funds')).toBe(positionFunds);
    expect(findSchemaByRoute('position-rates')).toBe(positionRates);
    expect(userWith('POSITION_PARTNER_FUND')('list', 'position-funds')).toBe(true);
    expect(userWith('POSITION_OFFICE_RATE')('list', 'position-rates')).toBe(true);
    expect(userWith('POSITION_OFFICE_RATE')('create', 'position-rates')).toBe(true);
    expect(positionRates.genericWrites).toEqual({ create: false, update: false, delete: false });
  });

  it('NAV-117 /job-titles carries module job-titles', () => {
    expect(findSchemaByRoute('job-titles')).toBe(titles);
    expect(titles.module).toBe('job-titles');
  });

  it('EMP-03 the team list columns are photo, status, full name, e-mail, mobile, title, office, birthday', () => {
    expect(employees.list?.columns).toEqual([
      'photo',
      'status',
      'fullName',
      'firstEmail',
      'firstPhoneNumber',
      'title',
      'office',
      'birthDate',
    ]);
    expect(employees.fields.photo?.type).toBe('file');
  });

  it('EMP-04 the team list filters are office, name, status and title', () => {
    expect(employees.list?.filters?.map((f) => f.source)).toEqual([
      'search',
      'office.id',
      'gfirstName.like',
      'status.id',
      'title.id',
    ]);
    expect(employees.list?.filters?.at(-1)?.input).toMatchObject({ type: 'ref', target: 'titles' });
    // the title filter is not a field: its declared input chooses the job-title dropdown
    const title = listFilters(employees).find((e) => (e.props as { source: string }).source === 'title.id');
    expect((title?.props as { fd?: { type: string; target?: string } }).fd).toMatchObject({
      type: 'ref',
      target: 'titles',
    });
  });

  it('EMP-10 employee titles list latest first; MISC-05 job titles by order ascending', () => {
    expect(employeeTitles.defaultSort).toEqual([['dateGte', 'desc']]);
    expect(titles.defaultSort).toEqual([['order', 'asc']]);
  });

  it('EMP-02 an empty secondPhoneNumber is sent as null', () => {
    const body = toWirePayload(employees, { gfirstName: 'A', glastName: 'B', secondPhoneNumber: '' });
    expect(body).toMatchObject({ secondPhoneNumber: null });
  });

  it('MISC-09 id and member are not sent in a job title PUT', () => {
    const body = toWirePayload(titles, { id: 3, name: 'Partner', order: 2, exist: true, member: 4, version: 1 });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('member');
    expect(body).toMatchObject({ name: 'Partner', order: 2 });
  });
});

describe('position funds: the scheme chooses the transfer targets', () => {
  const record = (code: number) => ({
    position: { id: 1 },
    scheme: { id: 100 + code, code },
    transferOffice: { id: 2 },
    transferDepartment: { id: 3 },
    transferPosition: { id: 4 },
  });
  const sent = (code: number) =>
    ['transferOffice', 'transferDepartment', 'transferPosition'].filter((k) =>
      Object.hasOwn(toWirePayload(positionFunds, record(code)), k),
    );

  it('EMP-24 schemes 1, 2 and 6 send transferOffice', () => {
    for (const code of [1, 2, 6]) expect(sent(code), `scheme ${code}`).toContain('transferOffice');
    for (const code of [3, 4, 5]) expect(sent(code), `scheme ${code}`).not.toContain('transferOffice');
  });

  it('EMP-25 schemes 2 and 6 send transferDepartment', () => {
    expect([1, 2, 3, 4, 5, 6].filter((c) => sent(c).includes('transferDepartment'))).toEqual([2, 6]);
  });

  it('EMP-26 scheme 3 sends transferPosition', () => {
    expect([1, 2, 3, 4, 5, 6].filter((c) => sent(c).includes('transferPosition'))).toEqual([3]);
  });

  it('EMP-27 other schemes, and no scheme, send no transfer target', () => {
    expect(sent(4)).toEqual([]);
    expect(sent(5)).toEqual([]);
    expect(
      Object.keys(toWirePayload(positionFunds, { ...record(1), scheme: null })).filter((k) => k.startsWith('transfer')),
    ).toEqual([]);
  });

  it('EMP-23 put and get are shown as percent and sent as fractions', async () => {
    const data = {
      'position-funds': [
        {
          id: 9,
          position: { id: 1 },
          type: { id: 5, gname: 'Partner fund' },
          scheme: { id: 104, code: 4, gname: 'Scheme 4' },
          put: 0.1,
          get: 0.125,
          dateGte: '2026-01-01',
        },
      ],
      positions: [{ id: 1 }],
    };
    renderAdmin('/position-funds/9', [positionFunds, positions], data);
    expect(await screen.findByText('10%')).toBeInTheDocument();
    expect(screen.getByText('12.5%')).toBeInTheDocument();
  });

  const editAt = (code: number) => {
    const data = {
      'position-funds': [
        {
          id: 9,
          position: { id: 1 },
          type: { id: 5 },
          scheme: { id: 100 + code, code },
          put: 0.1,
          get: 0.1,
          dateGte: '2026-01-01',
        },
      ],
      positions: [{ id: 1 }],
      offices: [],
      departments: [],
    };
    renderAdmin('/position-funds/9/edit', [positionFunds, positions], data);
  };

  it('EMP-24 EMP-25 the form shows transfer office and department for scheme 2, not position', async () => {
    editAt(2);
    expect(await screen.findByLabelText('Transfer office')).toBeInTheDocument();
    expect(screen.getByLabelText('Transfer department')).toBeInTheDocument();
    expect(screen.queryByLabelText('Transfer position')).not.toBeInTheDocument();
  });

  it('EMP-26 the form shows only the transfer position for scheme 3; EMP-27 none for scheme 5', async () => {
    editAt(3);
    expect(await screen.findByLabelText('Transfer position')).toBeInTheDocument();
    expect(screen.queryByLabelText('Transfer office')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Transfer department')).not.toBeInTheDocument();
    cleanup();
    editAt(5);
    expect(await screen.findByLabelText('Put')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Transfer/)).not.toBeInTheDocument();
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormProvider, useForm } from 'react-hook-form';
import { AdminContext, type DataProvider } from 'react-admin';
import { i18nProvider } from '../i18n';
import { matters, projects, schemas, titles, times } from '../../schemas/index';
import { createCanAccess } from '../access/canAccess';
import { partsSet } from '../resources/parts';
import { renderAdmin } from '../resources/testUtils';
import { ShareTotals, sharesByPeriod } from './ManagerShares';
import { previewOf } from './PayloadPreview';
import { matterParts, projectParts } from './parts';

afterEach(cleanup);

const WAIT = { timeout: 5000 };
const all = [projects, matters, times, titles];
const parts = partsSet(projectParts, matterParts);

const data = () => ({
  'base-subtypes': [
    { id: 31, code: 1, gname: 'Open', type: { id: 16 } },
    { id: 33, code: 3, gname: 'Closed', type: { id: 16 } },
  ],
  positions: [],
  departments: [],
  currencies: [],
  clients: [],
  contacts: [],
  titles: [],
  projects: [{ id: 3, number: 'P-0003', description: 'Initech merger', projectManagerList: [], periods: [] }],
  matters: [
    {
      id: 7,
      number: 'M-0007',
      description: 'Acme licence review',
      date: '2026-01-05',
      deadline: '2026-02-01',
      project: { id: 3, number: 'P-0003', description: 'Initech merger' },
      status: { id: 31, code: 1, gname: 'Open' },
      matterTeamList: [],
      matterRateList: [],
    },
    {
      id: 8,
      number: 'M-0008',
      description: 'Closed work',
      project: { id: 3 },
      status: { id: 33, code: 3, gname: 'Closed' },
    },
  ],
  times: [],
});

const tabs = async () => {
  await screen.findByRole('tab', { name: 'Main' }, WAIT);
  return screen.getAllByRole('tab').map((t) => t.textContent);
};

describe('project and matter cards', { timeout: 30_000 }, () => {
  it('NAV-36 the project card has the tabs of the areas that exist: main, matters, times, expenses, pre-invoices, invoices, tasks, e-mails (then history)', async () => {
    renderAdmin('/projects/3', all, data(), () => true, undefined, parts);
    expect(await tabs()).toEqual([
      'Main',
      'Matters',
      'Times',
      'Expenses',
      'Pre-invoices',
      'Invoices',
      'Tasks',
      'E-mails',
      'History',
    ]);
  });

  it('NAV-37 NAV-38 NAV-42 NAV-43 the matters, times, tasks and e-mails tabs need view on matter, time, TIME and LEAD_EMAIL', async () => {
    const without = (module: string) => (action: string, resource: string) =>
      !(action === 'view' && resource === module);
    renderAdmin('/projects/3', all, data(), without('matter'), undefined, parts);
    expect(await tabs()).toEqual([
      'Main',
      'Times',
      'Expenses',
      'Pre-invoices',
      'Invoices',
      'Tasks',
      'E-mails',
      'History',
    ]);
    cleanup();
    renderAdmin('/projects/3', all, data(), (a, r) => !(a === 'list' && r === 'matters'), undefined, parts);
    expect(await tabs()).not.toContain('Matters');
    cleanup();
    renderAdmin('/projects/3', all, data(), without('time'), undefined, parts);
    expect(await tabs()).toEqual([
      'Main',
      'Matters',
      'Expenses',
      'Pre-invoices',
      'Invoices',
      'Tasks',
      'E-mails',
      'History',
    ]);
    cleanup();
    renderAdmin('/projects/3', all, data(), without('TIME'), undefined, parts);
    expect(await tabs()).toEqual([
      'Main',
      'Matters',
      'Times',
      'Expenses',
      'Pre-invoices',
      'Invoices',
      'E-mails',
      'History',
    ]);
    cleanup();
    renderAdmin('/projects/3', all, data(), without('LEAD_EMAIL'), undefined, parts);
    expect(await tabs()).toEqual([
      'Main',
      'Matters',
      'Times',
      'Expenses',
      'Pre-invoices',
      'Invoices',
      'Tasks',
      'History',
    ]);
  });

  it('NAV-39 NAV-40 NAV-41 NAV-44 the expenses, pre-invoices and invoices tabs need view on expense, pre_invoice and invoice; documents waits for the drive', async () => {
    renderAdmin('/projects/3', all, data(), () => true, undefined, parts);
    expect(await tabs()).not.toContain('Documents');
    for (const [module, tab] of [
      ['expense', 'Expenses'],
      ['pre_invoice', 'Pre-invoices'],
      ['invoice', 'Invoices'],
    ] as const) {
      cleanup();
      renderAdmin('/projects/3', all, data(), (a, r) => !(a === 'view' && r === module), undefined, parts);
      const names = await tabs();
      expect(names).toContain('Times');
      expect(names).not.toContain(tab);
    }
    // every tab is declared with its module
    const declared = projects.show!.tabs!.map((t) => [t.name, t.module]);
    expect(declared).toEqual([
      ['main', undefined],
      ['matters', 'matter'],
      ['times', 'time'],
      ['expenses', 'expense'],
      ['preInvoices', 'pre_invoice'],
      ['invoices', 'invoice'],
      ['tasks', 'TIME'],
      ['emails', 'LEAD_EMAIL'],
      ['documents', 'SHARED_MATERIAL'],
    ]);
  });

  it('NAV-48 the matter card has main, times, expenses and invoices; documents is declared for later', async () => {
    renderAdmin('/matters/7', all, data(), () => true, undefined, parts);
    expect(await tabs()).toEqual(['Main', 'Times', 'Expenses', 'Invoices', 'History']);
    // pre-invoices is no card tab, only the matter-scoped pre-invoice forms (NAV-49)
    expect(matters.show!.tabs!.map((t) => t.name)).toEqual([
      'main',
      'times',
      'expenses',
      'invoices',
      'pre-invoices',
      'documents',
    ]);
    expect(matters.show!.tabs!.filter((t) => t.related?.formsOnly).map((t) => t.name)).toEqual(['pre-invoices']);
  });

  it('NAV-45 the project form is a wizard with steps project-information and invoice-information', async () => {
    renderAdmin('/projects/create', all, data(), () => true, undefined, parts);
    const stepper = await screen.findByLabelText('Steps', {}, WAIT);
    expect(
      within(stepper)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/^\d+/, '')),
    ).toEqual(['Project information', 'Invoice information']);
  });

  it('NAV-50 the matter form is a wizard with steps matter-information, payment-information, international-information', async () => {
    renderAdmin('/matters/create', all, data(), () => true, undefined, parts);
    const stepper = await screen.findByLabelText('Steps', {}, WAIT);
    expect(
      within(stepper)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/^\d+/, '')),
    ).toEqual(['Matter information', 'Payment information', 'International information']);
  });

  it('NAV-50 Clone opens the create form filled with a copy: no number, status or deadline, dated today', async () => {
    const admin = renderAdmin('/matters/7', all, data(), () => true, undefined, parts);
    const clone = await screen.findByRole('link', { name: 'Clone' }, WAIT);
    expect(clone).toHaveAttribute('href', '/matters/7/clone');
    fireEvent.click(clone);
    await waitFor(() => expect(admin.location()).toBe('/matters/7/clone'), WAIT);
    expect(await screen.findByDisplayValue('Acme licence review', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByDisplayValue('2026-02-01')).not.toBeInTheDocument();
    expect(screen.getByDisplayValue(new Date().toLocaleDateString('sv-SE'))).toBeInTheDocument();
    // a user who may not create sees no Clone
    cleanup();
    renderAdmin('/matters/7', all, data(), (a) => a !== 'create', undefined, parts);
    await tabs();
    expect(screen.queryByRole('link', { name: 'Clone' })).not.toBeInTheDocument();
  });

  it('MAT-04 MAT-05 the international and hunter shares show 50 on a new matter', async () => {
    renderAdmin('/matters/create?step=international-information', all, data(), () => true, undefined, parts);
    fireEvent.click(await screen.findByLabelText('International', {}, WAIT));
    expect(await screen.findByLabelText('International share', {}, WAIT)).toHaveValue(50);
    cleanup();
    renderAdmin('/matters/create?step=payment-information', all, data(), () => true, undefined, parts);
    fireEvent.click(await screen.findByLabelText('Hunted', {}, WAIT));
    expect(await screen.findByLabelText('Hunter share', {}, WAIT)).toHaveValue(50);
  });
});

describe('matter list', { timeout: 30_000 }, () => {
  it('MAT-07 the list asks for status.code.ne=3 unless the user changes it', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const record = (d: DataProvider): DataProvider => ({
      ...d,
      getList: (resource, params) => {
        if (resource === 'matters') calls.push(params.filter as Record<string, unknown>);
        return d.getList(resource, params);
      },
    });
    renderAdmin('/matters', all, data(), () => true, record, parts);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0), WAIT);
    expect(calls[0]).toMatchObject({ 'status.code.ne': 3 });
  });
});

describe('access to the pages', () => {
  const perms = (modules: string[]) => ({
    roles: ['MEMBER'],
    privileges: new Map(
      modules.map((module) => [module, { module, view: true, create: false, update: false, delete: false }]),
    ),
  });

  it('NAV-35 projects needs view project; NAV-47 matters needs view matter; NAV-117 /job-titles carries module job-titles', () => {
    const none = createCanAccess(schemas, perms([]));
    const some = createCanAccess(schemas, perms(['project', 'matter', 'job-titles']));
    for (const resource of ['projects', 'matters', 'job-titles']) {
      expect(none({ action: 'list', resource }), resource).toBe(false);
      expect(some({ action: 'list', resource }), resource).toBe(true);
    }
    expect(titles.route).toBe('job-titles');
    expect(titles.module).toBe('job-titles');
    expect(createCanAccess(schemas, perms(['project']))({ action: 'list', resource: 'matters' })).toBe(false);
  });
});

describe('project managers editor', () => {
  it('PROJ-02 totals the shares of each period and flags a period over 100%', async () => {
    expect(
      sharesByPeriod([
        { percentage: 0.1, periodIndexNumber: 0 },
        { percentage: 0.2, periodIndexNumber: 0 },
        { percentage: 0.7, periodIndexNumber: 0 },
        { percentage: 0.6, periodIndexNumber: 1 },
        { percentage: 0.5, periodIndexNumber: 1 },
      ]),
    ).toEqual([
      { period: '0', total: 1 },
      { period: '1', total: 1.1 },
    ]);
    const Form = () => {
      const form = useForm({
        defaultValues: {
          projectManagerList: [
            { percentage: 0.6, periodIndexNumber: 1 },
            { percentage: 0.5, periodIndexNumber: 1 },
          ],
        },
      });
      return (
        <FormProvider {...form}>
          <ShareTotals name="projectManagerList" />
        </FormProvider>
      );
    };
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Form />
      </AdminContext>,
    );
    expect(await screen.findByText('Period 1: 110%')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The managers of period 1 share 110%');
  });
});

describe('payload preview', () => {
  it('MAT-08 MAT-09 MAT-10 MAT-11 the preview shows the body the payload rules build', () => {
    const base = {
      description: 'x',
      internationalMatter: false,
      internationalPercent: 0.5,
      hunted: true,
      hunterPosition: { id: 2 },
      hunterPercent: 0.5,
      billType: { id: 40, code: 1 },
      matterRateList: [{ title: { id: 3 }, rate: 100 }],
      currency: null,
    };
    const body = JSON.parse(previewOf(matters, base)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('internationalPercent');
    expect(body).toMatchObject({ hunterPosition: { id: 2 }, hunterPercent: 0.5 });
    expect(body).not.toHaveProperty('matterRateList');
    expect(body).not.toHaveProperty('currency');
  });
});

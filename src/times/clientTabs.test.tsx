import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clients, contacts, leads, matters, projects, times } from '../../schemas/index';
import { partsSet } from '../resources/parts';
import { renderAdmin } from '../resources/testUtils';
import { timeData } from './testData';
import { timeParts } from './parts';
import { testProvider } from './testProvider';

afterEach(cleanup);
const WAIT = { timeout: 10_000 };
const all = [clients, contacts, leads, projects, matters, times];
const data = () => ({ ...timeData(), contacts: [], leads: [], projects: [], matters: [] });
const parts = partsSet(timeParts);

describe('the client card tabs of sales and delivery', { timeout: 40_000 }, () => {
  it('NAV-15 the client card has tabs main, contacts, projects, leads, matters, times, expenses, pre-invoices, invoices and tasks', async () => {
    const { provider } = testProvider(data());
    renderAdmin('/clients/12', all, {}, undefined, () => provider, parts);
    await screen.findByRole('tab', { name: 'Tasks' }, WAIT);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Main',
      'Contacts',
      'Projects',
      'Leads',
      'Matters',
      'Times',
      'Expenses',
      'Pre-invoices',
      'Invoices',
      'Tasks',
      'History',
    ]);
  });

  it("TIME-06 TIME-13 the tasks tab lists the client's tasks (work type code != 1), the times tab its time entries", async () => {
    const { provider, calls } = testProvider(data());
    renderAdmin('/clients/12/tasks', all, {}, undefined, () => provider, parts);
    expect(await screen.findByText('Call the CFO', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('Drafted the memo')).toBeNull();
    expect(calls.find((c) => c.method === 'getManyReference' && c.resource === 'times')?.params).toMatchObject({
      target: 'client',
      id: 12,
      filter: { 'workType.code.ne': 1 },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Times' }));
    expect(await screen.findByText('Drafted the memo', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Call the CFO')).toBeNull());
  });

  it('NAV-15 the tasks tab needs view on TIME and the times tab view on time', async () => {
    const { provider } = testProvider(data());
    renderAdmin(
      '/clients/12',
      all,
      {},
      (_action, resource) => resource !== 'TIME',
      () => provider,
      parts,
    );
    await screen.findByRole('tab', { name: 'Times' }, WAIT);
    expect(screen.queryByRole('tab', { name: 'Tasks' })).toBeNull();
    cleanup();
    renderAdmin(
      '/clients/12',
      all,
      {},
      (_action, resource) => resource !== 'time',
      () => provider,
      parts,
    );
    await screen.findByRole('tab', { name: 'Tasks' }, WAIT);
    expect(screen.queryByRole('tab', { name: 'Times' })).toBeNull();
  });

  it('NAV-46 NAV-49 projects/{id}/times/create and matters/{id}/times/create are the project- and matter-scoped time forms', async () => {
    const { provider, calls } = testProvider({
      ...data(),
      projects: [{ id: 3, number: 'P-3', description: 'Audit' }],
      matters: [{ id: 7, number: 'M-7', description: 'Audit' }],
    });
    const { location } = renderAdmin('/matters/7/times/create', all, {}, undefined, () => provider, parts);
    expect(await screen.findByRole('textbox', { name: /duration/i }, WAIT)).toHaveValue('0:15');
    // the matter is preselected, so it is not asked for
    expect(screen.queryByRole('combobox', { name: /^matter/i })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^description/i), { target: { value: 'Reviewed the file' } });
    fireEvent.change(screen.getByLabelText(/^date/i), { target: { value: '2026-11-20T10:00' } });
    const workType = screen.getByRole('combobox', { name: /work type/i });
    // open the list and pick until the choice holds: on a busy machine the first page of choices
    // can arrive and re-render the list between finding an option and clicking it
    await waitFor(() => {
      const option = screen.queryByRole('option', { name: 'Time entry' });
      if (option) fireEvent.click(option);
      else fireEvent.mouseDown(workType);
      expect(workType).toHaveValue('Time entry');
    }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'create')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'create')?.params.data).toMatchObject({ matter: { id: 7 } });
    await waitFor(() => expect(location()).toBe('/matters/7/times'), WAIT);
    cleanup();
    renderAdmin('/projects/3/times/create', all, {}, undefined, () => provider, parts);
    expect(await screen.findByRole('textbox', { name: /duration/i }, WAIT)).toHaveValue('0:15');
    expect(screen.queryByRole('combobox', { name: /^project/i })).toBeNull();
  });

  it('NAV-20 clients/{clientId}/times/create is the client-scoped time form', async () => {
    const { provider } = testProvider(data());
    renderAdmin('/clients/12/times/create', all, {}, undefined, () => provider, parts);
    expect(await screen.findByRole('textbox', { name: /duration/i }, WAIT)).toHaveValue('0:15');
  });
});

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, ListContextProvider, type DataProvider, type ListControllerResult } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contacts } from '../../../schemas/index';
import { i18nProvider } from '../../i18n';
import ImportDialog from './ImportDialog';
import type { ImportResult, MappingProposal } from './transfer';
import type { RouteParams } from '../../../dataProvider/index';

afterEach(cleanup);
const WAIT = { timeout: 10_000 };

const proposal: MappingProposal = {
  headers: ['Client', 'Name', 'Mail'],
  mapping: { Client: 'client', Name: null, Mail: 'firstEmail' },
  fields: [
    { name: 'client', label: 'Client', type: 'ref', required: true },
    { name: 'gname', label: 'Full name', type: 'text', required: true },
    { name: 'firstEmail', label: 'E-mail', type: 'email', required: false },
  ],
  rows: 10,
};

/** A streamed import answer: progress lines, then the result. */
const streamOf = (result: ImportResult) =>
  new Response(
    [
      { progress: { done: 0, total: result.total } },
      { progress: { done: result.total, total: result.total } },
      { result },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n',
  ).body;

/**
 * The dialog over a data provider whose `request` verb answers the import's routes; `sent` lists
 * the calls the dialog makes (how a route becomes an address: dataProvider/actions.test.ts).
 */
function renderDialog(answers: ImportResult[]) {
  const sent: Array<{ resource: string; path?: string; method?: string; mapping: unknown }> = [];
  const request = vi.fn(async (resource: string, params: RouteParams) => {
    const mapping = (params.body as FormData | undefined)?.get('mapping');
    sent.push({
      resource,
      path: params.path,
      method: params.method,
      mapping: typeof mapping === 'string' ? JSON.parse(mapping) : undefined,
    });
    if (params.path === 'import/mapping') return { data: proposal, response: {} };
    return { data: undefined, response: { stream: streamOf(answers.shift()!) } };
  });
  const refresh = vi.fn();
  const dataProvider = { request } as unknown as DataProvider;
  const onClose = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ListContextProvider value={{ resource: 'contacts', refetch: refresh } as unknown as ListControllerResult}>
        <ImportDialog schema={contacts} onClose={onClose} />
      </ListContextProvider>
    </AdminContext>,
  );
  return { sent, onClose };
}

const pick = async () => {
  const input = await screen.findByLabelText('Choose a file', {}, WAIT);
  fireEvent.change(input, { target: { files: [new File(['Client,Name,Mail\n'], 'contacts.csv')] } });
};

describe('the import dialog', { timeout: 40_000 }, () => {
  it('TRANSFER proposes the mapping, sends the changed one with the dry run, lists the rejected rows and refuses the commit', async () => {
    const rejected = [
      { row: 4, errors: [{ property: 'gname', message: 'must not be blank' }] },
      { row: 9, errors: [{ property: 'firstEmail', message: 'must be a well-formed email address' }] },
    ];
    const { sent } = renderDialog([{ total: 10, created: 8, rejected, committed: false }]);
    await pick();
    // the proposed mapping: Name left out; the user maps it to the full name
    const name = await screen.findByRole('combobox', { name: 'Name' }, WAIT);
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Client *');
    fireEvent.mouseDown(name);
    fireEvent.click(await screen.findByRole('option', { name: 'Full name *' }, WAIT));
    fireEvent.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(await screen.findByText('8 of 10 rows can be imported; 2 rejected.', {}, WAIT)).toBeInTheDocument();
    expect(sent.map((s) => `${s.method} ${s.resource} ${s.path}`)).toEqual([
      'POST contacts import/mapping',
      'POST contacts import/dryRun',
    ]);
    expect(sent[1]!.mapping).toEqual({ Client: 'client', Name: 'gname', Mail: 'firstEmail' });
    const table = screen.getByRole('table', { name: 'Rejected rows' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '4Full name: must not be blank',
      '9E-mail: must be a well-formed email address',
    ]);
    expect(screen.getByRole('button', { name: 'Import 8 rows' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download the rejected rows' })).toBeEnabled();
  });

  it('TRANSFER a clean dry run offers the commit, which runs with progress and reports the rows created', async () => {
    const { sent } = renderDialog([
      { total: 10, created: 10, rejected: [], committed: false },
      { total: 10, created: 10, rejected: [], committed: true },
    ]);
    await pick();
    fireEvent.click(await screen.findByRole('button', { name: 'Check the rows' }, WAIT));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 10 rows' }, WAIT));
    expect(await screen.findByText('10 rows imported.', {}, WAIT)).toBeInTheDocument();
    expect(sent.map((s) => s.path)).toEqual(['import/mapping', 'import/dryRun', 'import/commit']);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('TRANSFER the dry run lists the rows that look like duplicates, which do not stop the commit', async () => {
    const duplicates = [
      { row: 2, property: 'gname', value: 'Ann Lee', existing: 41 },
      { row: 5, property: 'gname', value: 'ann lee', sameAsRow: 2 },
    ];
    renderDialog([{ total: 10, created: 10, rejected: [], duplicates, committed: false }]);
    await pick();
    fireEvent.click(await screen.findByRole('button', { name: 'Check the rows' }, WAIT));
    const table = await screen.findByRole('table', { name: 'Possible duplicates' }, WAIT);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['2"Ann Lee" is already there (#41)', '5"ann lee" as row 2']);
    expect(screen.getByRole('button', { name: 'Import 10 rows' })).toBeEnabled();
  });
});

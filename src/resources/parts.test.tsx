import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { clients, contactComments, contacts, currencies } from '../../schemas/index';
import {
  defineParts,
  partsSet,
  type ActionProps,
  type CellProps,
  type PageProps,
  type RoutePageProps,
  type StepProps,
  type TabProps,
} from './parts';
import { renderAdmin } from './testUtils';

afterEach(cleanup);

const WAIT = { timeout: 8000 };
const data = () => ({
  'base-subtypes': [{ id: 4, gname: 'Kazakhstan', type: { id: 4, code: 4 } }],
  departments: [],
  positions: [],
  contactComments: [],
  currencies: [{ id: 1, code: 'KZT', gname: 'Tenge' }],
  clients: [{ id: 12, gname: 'Acme LLP', vatPercent: 0.12, country: { id: 4, gname: 'Kazakhstan' } }],
  contacts: [{ id: 5, gname: 'Ada Byron', client: { id: 12, gname: 'Acme LLP' } }],
});
const all = [clients, contacts, contactComments, currencies];

const NameCell = ({ value }: CellProps) => <strong data-testid="name-cell">{`Name: ${String(value)}`}</strong>;
const ContactsTab = ({ record, generated }: TabProps) => (
  <div>
    <p>{`Bespoke contacts of ${String(record.gname)}`}</p>
    {generated}
  </div>
);
const NotesTab = ({ record }: TabProps) => <p>{`Notes of #${String(record.id)}`}</p>;
const CloneButton = ({ record }: ActionProps) => <button type="button">{`Clone #${String(record?.id)}`}</button>;
const ExportButton = () => <button type="button">Export all</button>;
const CompleteStep = ({ generated }: StepProps) => {
  const name = useWatch({ name: 'gname' }) as string | undefined;
  return (
    <section aria-label="Bespoke complete">
      <p>{`Ready to save ${name ?? ''}`}</p>
      {generated}
    </section>
  );
};
const CurrencyPage = ({ generated, schema }: PageProps) => (
  <div>
    <h1>{`Bespoke ${schema.label}`}</h1>
    {generated}
  </div>
);

const BoardPage = ({ schema }: RoutePageProps) => <h1>{`Board of ${schema.label}`}</h1>;

const parts = partsSet(
  defineParts(clients, {
    list: { actions: [ExportButton] },
    show: {
      tabs: { contacts: ContactsTab },
      addTabs: [{ name: 'notes', label: 'Notes', component: NotesTab }],
      actions: [CloneButton],
    },
    fields: { gname: { cell: NameCell } },
    form: { steps: { complete: CompleteStep } },
  }),
  defineParts(currencies, {
    list: { page: CurrencyPage },
    show: { addTabs: [{ name: 'notes', label: 'Notes', component: NotesTab }] },
    routes: [{ path: 'board', component: BoardPage }],
  }),
);

describe('bespoke parts passed in per area', { timeout: 30_000 }, () => {
  it('bespoke parts: a field cell replaces the generated one in the list, and a list button is added', async () => {
    renderAdmin('/clients', all, data(), undefined, undefined, parts);
    expect(await screen.findByText('Name: Acme LLP', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Export all' }, WAIT)).toBeInTheDocument();
  });

  it('bespoke parts: a card tab is replaced around its generated content, a tab and a button are added', async () => {
    renderAdmin('/clients/12/contacts', all, data(), undefined, undefined, parts);
    expect(await screen.findByText('Bespoke contacts of Acme LLP', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('Ada Byron', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clone #12' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(await screen.findByText('Notes of #12', {}, WAIT)).toBeInTheDocument();
  });

  it('bespoke parts: the card shows the bespoke field cell, and an added tab has its own path', async () => {
    renderAdmin('/clients/12/notes', all, data(), undefined, undefined, parts);
    expect(await screen.findByText('Notes of #12', {}, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Main' }));
    expect(await screen.findByText('Name: Acme LLP', {}, WAIT)).toBeInTheDocument();
  });

  it('bespoke parts: a wizard step replaces the generated one and keeps the summary it extends', async () => {
    renderAdmin('/clients/12/edit?step=complete', all, data(), undefined, undefined, parts);
    const step = await screen.findByRole('region', { name: 'Bespoke complete' }, WAIT);
    expect(within(step).getByText('Ready to save Acme LLP')).toBeInTheDocument();
    // the generated summary it extends: the name's line
    expect(within(step).getByText('Acme LLP')).toBeInTheDocument();
  });

  it('bespoke parts: a page wraps the generated list; entities without parts stay generated', async () => {
    renderAdmin('/currencies', all, data(), undefined, undefined, parts);
    expect(await screen.findByRole('heading', { name: 'Bespoke Currencies' }, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('Tenge', {}, WAIT)).toBeInTheDocument();
    cleanup();
    renderAdmin('/clients', all, data());
    expect(await screen.findByText('Acme LLP', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('Name: Acme LLP')).toBeNull();
  });

  it('bespoke parts: a tab added to a card without tabs keeps the generated fields on a first tab', async () => {
    renderAdmin('/currencies/1', all, data(), undefined, undefined, parts);
    expect(await screen.findByText('Tenge', {}, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(await screen.findByText('Notes of #1', {}, WAIT)).toBeInTheDocument();
  });

  it('bespoke parts: a route of its own renders its page at /<route>/<path>, before the card route', async () => {
    renderAdmin('/currencies/board', all, data(), undefined, undefined, parts);
    expect(await screen.findByRole('heading', { name: 'Board of Currencies' }, WAIT)).toBeInTheDocument();
    expect(() => defineParts(currencies, { routes: [{ path: '12', component: BoardPage }] })).toThrow(
      'route "12" must be one static segment',
    );
    expect(() => defineParts(currencies, { routes: [{ path: 'a/:id', component: BoardPage }] })).toThrow(
      'route "a/:id" must be one static segment',
    );
  });

  it('bespoke parts: names are checked against the schema, with an error naming the schema and the key', () => {
    // @ts-expect-error: `gnme` is not a field of clients
    expect(() => defineParts(clients, { fields: { gnme: { cell: NameCell } } })).toThrow(
      'parts of "clients": unknown field "gnme"',
    );
    expect(() => defineParts(clients, { show: { tabs: { contcts: ContactsTab } } })).toThrow(
      'parts of "clients": unknown tab "contcts"',
    );
    expect(() => defineParts(clients, { form: { steps: { finish: CompleteStep } } })).toThrow(
      'parts of "clients": unknown step "finish"',
    );
    expect(() =>
      defineParts(clients, { show: { addTabs: [{ name: 'main', label: 'Main', component: NotesTab }] } }),
    ).toThrow('added tab "main" is already a tab');
    const one = defineParts(currencies, {});
    expect(() => partsSet(one, one)).toThrow('parts of "currencies" are defined twice');
  });
});

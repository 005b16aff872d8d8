import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import { AdminContext, HttpError, Notification, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { clients, contacts, contactComments, invoices } from '../../../schemas/index';
import { en } from '../../i18n';
import { ru } from '../../i18n/ru';
import { i18nProvider } from '../../i18n';
import { renderAdmin } from '../testUtils';
import { editLocked, editLockedText, editRefusedMessage } from './EditLock';
import { SchemaEdit } from './SchemaCreateEdit';

afterEach(cleanup);

const client = { id: 12, gname: 'Acme LLP', country: null };
const data = () => ({
  clients: [client],
  contacts: [{ id: 5, gname: 'Ada Byron', client: { id: 12, gname: 'Acme LLP' } }],
  contactComments: [],
  departments: [],
  positions: [],
});
const locked = { ...clients, editWhen: { field: 'gname', in: ['Other LLP'] } };

/** A `translate` over one catalogue, as polyglot interpolates it (`%{name}`). */
const translator =
  (catalogue: Record<string, unknown>) =>
  (key: string, args: Record<string, unknown> = {}): string => {
    const text = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], catalogue);
    return String(text ?? key).replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name] ?? ''));
  };

describe('edit lock (MC-1)', { timeout: 20_000 }, () => {
  it('MC-1 the card of a record its editWhen locks says why, where the Edit button is missing', async () => {
    renderAdmin('/clients/12', [locked, contacts, contactComments], data());
    expect(await screen.findByRole('status')).toHaveTextContent('Editing is closed in its current state.');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    cleanup();
    renderAdmin('/clients/12', [clients, contacts, contactComments], data());
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByTestId('edit-lock')).not.toBeInTheDocument();
  });

  it('MC-1 INV-27 an approved invoice is locked and the note names its status, in English and in Russian', () => {
    const approved = { id: 7, status: { id: 40, code: 4, gname: 'Approved' } };
    expect(editLocked(invoices, approved)).toBe(true);
    expect(editLocked(invoices, { id: 7, status: { id: 10, code: 1, gname: 'Draft' } })).toBe(false);
    expect(editLocked(invoices, undefined)).toBe(false);
    expect(editLockedText(invoices, approved, translator(en))).toMatch(/^Editing is closed while it is "Approved"\./);
    expect(editLockedText(invoices, approved, translator({ bureau: ru.bureau }))).toMatch(
      /^Редактирование закрыто, пока статус «Approved»\./,
    );
  });

  it("MC-1 a 409 is told in the user's words with the server's reason after it; other errors are not", () => {
    const conflict = new HttpError('Invoice "INV-2026-0012" is Approved: its lines cannot change (timeList)', 409, {});
    expect(editRefusedMessage(conflict, translator(en))).toBe(
      'The change was not saved: the record\'s current state does not allow it. (Invoice "INV-2026-0012" is Approved: its lines cannot change (timeList))',
    );
    expect(editRefusedMessage(conflict, translator({ bureau: ru.bureau }))).toMatch(/^Изменение не сохранено/);
    expect(editRefusedMessage(new HttpError('Bad', 400, {}), translator(en))).toBeUndefined();
    expect(editRefusedMessage(undefined, translator(en))).toBeUndefined();
  });

  it('MC-1 the edit form of a locked record shows the note, and a save the server refuses with 409 is notified in words', async () => {
    const faked = fakeRestProvider(data(), false);
    const dataProvider: DataProvider = {
      ...faked,
      update: () => Promise.reject(new HttpError('Contact "Ada Byron" is Approved: its name cannot change', 409, {})),
    };
    render(
      <TestMemoryRouter initialEntries={['/contacts/5/edit']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <SchemaEdit schema={{ ...contacts, editWhen: { field: 'gname', in: ['Grace Hopper'] } }} id={5} />
          <Notification />
        </AdminContext>
      </TestMemoryRouter>,
    );
    expect(await screen.findByTestId('edit-lock')).toHaveTextContent('Editing is closed in its current state.');
    const name = await screen.findByDisplayValue('Ada Byron');
    fireEvent.change(name, { target: { value: 'Ada Lovelace' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'The change was not saved: the record\'s current state does not allow it. (Contact "Ada Byron" is Approved: its name cannot change)',
      ),
    ).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider, GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { clients, contacts, offices, times } from '../../../schemas/index';
import { LOOKUP_PROJECTION } from '../../../schemas/lookup';
import { CanAccessContext, type CanAccess } from '../access';
import { renderForm } from '../../widgets/testUtils';
import { inputFor } from '../inputs';
import { referenceFilter } from '../schemaUtils';

const spyProvider = (data: Record<string, unknown[]>) => {
  const fake = fakeRestProvider(data, false);
  const getList = vi.fn((resource: string, params: GetListParams) => fake.getList(resource, params));
  return { dataProvider: { ...fake, getList } as DataProvider, getList };
};

describe('input table: generated forms use the widgets', () => {
  it('WID-40 WID-45 a generated longText field gets the textarea with its counter', async () => {
    renderForm(inputFor('comments', contacts.fields.comments), { comments: 'Hi' });
    expect(await screen.findByTestId('textarea-counter')).toHaveTextContent('2/1000');
  });

  it('WID-07 WID-09 a generated date field gets the day picker', () => {
    renderForm(inputFor('signDate', offices.fields.signDate), { signDate: '2026-01-02' });
    expect(screen.getByLabelText('Sign date')).toHaveValue('2026-01-02');
    expect(screen.getByRole('button', { name: /choose date/i })).toBeInTheDocument();
  });

  it('CONST-06 a generated percent field keeps the fraction', async () => {
    const { submitted } = renderForm(inputFor('vatPercent', clients.fields.vatPercent), {
      vatEnabled: true,
      vatPercent: 0.07,
    });
    expect(screen.getByLabelText('VAT %')).toHaveValue(7);
    fireEvent.change(screen.getByLabelText('VAT %'), { target: { value: '12' } });
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted()).toMatchObject({ vatPercent: 0.12 }));
  });

  it('WID-27 a generated reference to positions sends status.code=1', async () => {
    expect(referenceFilter(contacts.fields.relationshipManagerPosition)).toEqual({ 'status.code': 1 });
    const { dataProvider, getList } = spyProvider({ positions: [{ id: 1, lastModifiedDate: '2026-01-01' }] });
    renderForm(inputFor('relationshipManagerPosition', contacts.fields.relationshipManagerPosition), {}, dataProvider);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls[0]![0]).toBe('positions');
    expect(getList.mock.calls[0]![1].filter).toEqual({ 'status.code': 1 });
  });

  it('H2-04 a reference whose target the user does not list asks for its lookup; one they list, for the full read', async () => {
    for (const lists of [false, true]) {
      const { dataProvider, getList } = spyProvider({
        clients: [{ id: 1, gname: 'Aral', lastModifiedDate: '2026-01-01' }],
      });
      const canAccess: CanAccess = (action, route) => lists || !(action === 'list' && route === 'clients');
      const { unmount } = renderForm(
        <CanAccessContext.Provider value={canAccess}>
          {inputFor('client', times.fields.client)}
        </CanAccessContext.Provider>,
        {},
        dataProvider,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Open' }));
      expect(await screen.findByRole('option', { name: 'Aral' })).toBeInTheDocument();
      expect(getList.mock.calls[0]![0]).toBe('clients');
      expect(getList.mock.calls[0]![1].meta).toEqual(lists ? undefined : { projection: LOOKUP_PROJECTION });
      unmount();
    }
  });

  it('a generated dictionary field lists base-subtypes of its type and holds { id }', async () => {
    const filter = referenceFilter(clients.fields.country);
    expect(Object.keys(filter)).toEqual(['type.code']);
    const { dataProvider, getList } = spyProvider({
      'base-subtypes': [
        { id: 4, gname: 'Kazakhstan', type: { code: filter['type.code'] }, lastModifiedDate: '2026-01-01' },
      ],
    });
    const { submitted } = renderForm(inputFor('country', clients.fields.country), {}, dataProvider);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Kazakhstan' }));
    expect(getList.mock.calls[0]![0]).toBe('base-subtypes');
    expect(getList.mock.calls[0]![1].filter).toEqual(filter);
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted()).toMatchObject({ country: { id: 4 } }));
  });
});

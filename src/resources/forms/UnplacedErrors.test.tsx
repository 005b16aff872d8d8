import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Form, HttpError, TextInput } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { clients, contactComments, contacts, positionFunds } from '../../../schemas/index';
import { i18nProvider } from '../../i18n';
import { renderAdmin } from '../testUtils';
import { UnplacedErrors, unplacedErrors } from './UnplacedErrors';

/** A form whose save answers like a 400 `Validation failed` mapped by the data provider. */
const renderRefused = (errors: Record<string, unknown>) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form onSubmit={() => errors}>
        <UnplacedErrors schema={positionFunds} exclude={['position']} />
        <TextInput source="put" />
        <button type="submit">Save</button>
      </Form>
    </AdminContext>,
  );

describe('errors a form cannot place at a field', { timeout: 20_000 }, () => {
  it('a related-tab create form shows a 400 naming the parent it fixes', async () => {
    renderAdmin(
      '/clients/12/contacts/create',
      [clients, contacts, contactComments],
      { clients: [{ id: 12, gname: 'Acme LLP' }], contacts: [], contactComments: [], positions: [] },
      undefined,
      (d) => ({
        ...d,
        create: () =>
          Promise.reject(new HttpError('Validation failed', 400, { errors: { client: 'The client is archived' } })),
      }),
    );
    fireEvent.change(await screen.findByLabelText('Full name *'), { target: { value: 'Grace Hopper' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Client: The client is archived')).toBeInTheDocument();
  });

  it('a 400 naming the parent a related-tab form fixes is shown to the user, with the field label', async () => {
    renderRefused({ position: 'The position is not active' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Position: The position is not active');
  });

  it('an error without a field is shown too; errors at a shown field stay at the field only', async () => {
    expect(
      unplacedErrors(
        positionFunds,
        {
          root: { serverError: { type: 'server', message: 'Refused' } },
          put: { type: 'server', message: 'too big' },
          position: { type: 'required', message: 'Required' },
          password2: { type: 'server', message: 'Passwords do not match' },
        },
        new Set(['put']),
      ),
    ).toEqual(['Refused']);
    renderRefused({ put: 'too big' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('too big')).toBeInTheDocument();
    expect(screen.queryByText(/Put: too big/)).toBeNull();
  });
});

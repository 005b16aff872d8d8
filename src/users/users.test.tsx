import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { employees, roles, users } from '../../schemas/index';
import { toWirePayload } from '../../schemas/payload';
import type { HttpClient } from '../../dataProvider/httpClient';
import { AppConfigContext } from '../app/AppConfigContext';
import { partsSet } from '../resources/parts';
import { renderAdmin } from '../resources/testUtils';
import { PASSWORDS_DIFFER, USERNAME_TAKEN, usesEmbeddedProvider } from './UserInputs';
import { userParts } from './parts';
import { usernameCheckUrl, USERNAME_CHECK_DELAY } from './usernameCheck';

afterEach(cleanup);

const WAIT = { timeout: 5000 };
const data = () => ({
  users: [{ id: 1, username: 'anna@bureau.test', roles: [] }],
  roles: [{ id: 4, name: 'CLIENT_VIEWER' }],
  employees: [],
});

/** The user form with a recording data provider and an HTTP client answering the username check. */
function renderForm(path = '/users/create', taken: string[] = ['anna@bureau.test']) {
  const asked: string[] = [];
  const http = vi.fn(async (url: string) => {
    asked.push(url);
    const name = decodeURIComponent(url.split('/').pop()!);
    return {
      status: 200,
      headers: new Headers(),
      body: '',
      json: { username: name, available: !taken.includes(name) },
    };
  }) as unknown as HttpClient;
  const writes: Array<{ type: string; data: Record<string, unknown> }> = [];
  const view = renderAdmin(
    path,
    [users, roles, employees],
    data(),
    () => true,
    (d): DataProvider =>
      Object.assign(
        {
          ...d,
          create: (resource: string, params: { data: Record<string, unknown> }) => {
            writes.push({ type: 'create', data: params.data });
            return d.create(resource, params);
          },
        },
        { httpClient: http },
      ) as DataProvider,
    partsSet(userParts),
  );
  return { ...view, asked, writes };
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the user form', { timeout: 30_000 }, () => {
  it('USR-10 a user has fields email/username, employee, roles, phoneNumber, password and password2', async () => {
    renderForm();
    for (const label of [/^Username/, /^Email/, /^Employee/, /^Roles/, /^Phone/, /^Password/, /^Repeat password/])
      expect(await screen.findByLabelText(label, {}, WAIT)).toBeTruthy();
  });

  it('USR-10 password and password2 must match: a field error at password2 and nothing is sent', async () => {
    const { writes } = renderForm();
    await screen.findByLabelText(/^Repeat password/, {}, WAIT);
    type(/^Username/, 'new@bureau.test');
    type(/^Password/, 'secret-1');
    type(/^Repeat password/, 'secret-2');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText(PASSWORDS_DIFFER, {}, WAIT)).toBeTruthy();
    const field = screen.getByLabelText(/^Repeat password/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(writes).toEqual([]);
  });

  it('USR-10 matching passwords are sent once: password without password2', async () => {
    const { writes } = renderForm();
    await screen.findByLabelText(/^Repeat password/, {}, WAIT);
    type(/^Username/, 'new@bureau.test');
    type(/^Password/, 'secret-1');
    type(/^Repeat password/, 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(writes).toHaveLength(1), WAIT);
    // what the data provider sends (schemas/payload.ts): the schema's fields, so never password2
    const sent = toWirePayload(users, writes[0]!.data);
    expect(sent).toMatchObject({ username: 'new@bureau.test', password: 'secret-1' });
    expect(sent).not.toHaveProperty('password2');
  });

  it('USR-14 a taken username is shown at the field while typing, asked once per pause (debounced)', async () => {
    const { asked } = renderForm();
    await screen.findByLabelText(/^Username/, {}, WAIT);
    for (const partial of ['a', 'an', 'ann', 'anna@bureau.test']) type(/^Username/, partial);
    expect(asked).toEqual([]); // nothing before the pause
    expect(await screen.findByText(USERNAME_TAKEN, {}, { timeout: USERNAME_CHECK_DELAY + 3000 })).toBeTruthy();
    expect(asked, asked.join()).toEqual([usernameCheckUrl('anna@bureau.test')]);
    type(/^Username/, 'free@bureau.test');
    expect(await screen.findByText('Available', {}, { timeout: USERNAME_CHECK_DELAY + 3000 })).toBeTruthy();
    expect(asked).toHaveLength(2);
  });

  it('USR-14 a taken username is refused on save, at the field', async () => {
    const { writes } = renderForm();
    await screen.findByLabelText(/^Repeat password/, {}, WAIT);
    type(/^Username/, 'anna@bureau.test');
    await screen.findByText(USERNAME_TAKEN, {}, { timeout: USERNAME_CHECK_DELAY + 3000 });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).toBe('true'), WAIT);
    expect(writes).toEqual([]);
  });

  it('USR-14 editing a user does not ask about the name the account already has', async () => {
    const { asked } = renderForm('/users/1/edit');
    const input = await screen.findByDisplayValue('anna@bureau.test', {}, WAIT);
    expect(input).toBeTruthy();
    await new Promise((r) => setTimeout(r, USERNAME_CHECK_DELAY + 200));
    expect(asked).toEqual([]);
    expect(screen.queryByText(USERNAME_TAKEN)).toBeNull();
  });
});

describe('an external identity provider', () => {
  it('USR-10 with an external provider the form sets no password and says where it lives', async () => {
    expect(usesEmbeddedProvider('https://bureau.example/oidc/', 'https://bureau.example')).toBe(true);
    expect(usesEmbeddedProvider('https://sso.example/realms/bureau', 'https://bureau.example')).toBe(false);
    const { PasswordPairInput } = await import('./UserInputs');
    const { FormProvider, useForm } = await import('react-hook-form');
    const Form = () => {
      const methods = useForm();
      return (
        <FormProvider {...methods}>
          <PasswordPairInput
            name="password"
            field={users.fields.password!}
            label="Password"
            validate={[]}
            inputsOf={() => []}
          />
        </FormProvider>
      );
    };
    render(
      <AppConfigContext.Provider
        value={{ oidcIssuer: 'https://sso.example/realms/bureau', oidcClientId: 'bureau-spa' }}
      >
        <Form />
      </AppConfigContext.Provider>,
    );
    expect(screen.getByText(/managed by the identity provider/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Repeat password/)).toBeNull();
  });
});

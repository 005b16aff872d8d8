import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18nProvider } from '../i18n';
import LoginPage from './LoginPage';

const renderAt = (path: string) => {
  const login = vi.fn(async () => undefined);
  const authProvider = {
    login,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => undefined,
  } as AuthProvider;
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/authorization/login" element={<LoginPage />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return { login };
};

describe('the sign-in page', () => {
  afterEach(cleanup);

  it('AUTH-13 after a NO_ACCESS sign-out it says the account has no access and passes the reason on to the provider', async () => {
    localStorage.removeItem('token');
    const { login } = renderAt('/authorization/login?reason=noaccess');
    expect((await screen.findByRole('alert')).textContent).toContain('This account has no access to Bureau');
    await waitFor(() => expect(login).toHaveBeenCalledWith({ returnTo: undefined, reason: 'noaccess' }));
  });

  it('AUTH-13 a plain visit, or an unknown reason, shows no message and waits for the button', async () => {
    localStorage.removeItem('token');
    const { login } = renderAt('/authorization/login?reason=%3Cb%3Eowned');
    expect(await screen.findByRole('button', { name: /sign in/i })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toContain('owned');
    expect(login).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import HomeRedirect, { homePath } from './HomeRedirect';

const renderAt = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  render(
    <MemoryRouter initialEntries={['/']}>
      <AdminContext>
        <Routes>
          <Route path="/" element={<HomeRedirect />} />
          <Route path="/clients" element={<p>clients page</p>} />
          <Route path="/mobile-app" element={<p>mobile page</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
};

describe('the main layout entry /', () => {
  afterEach(cleanup);
  it('NAV-06 redirects to /clients on desktop (wider than 600 px)', async () => {
    renderAt(601);
    expect(await screen.findByText('clients page')).toBeInTheDocument();
    expect(homePath(1280)).toBe('/clients');
  });

  it('NAV-07 redirects to /mobile-app at 600 px or less', async () => {
    renderAt(600);
    expect(await screen.findByText('mobile page')).toBeInTheDocument();
    expect(homePath(375)).toBe('/mobile-app');
  });

  it('NAV-06 PERM-10 sends a desktop user without the client privilege to the first page of their menu', () => {
    expect(homePath(1280, ['clients', 'offices'])).toBe('/clients');
    expect(homePath(1280, ['offices', 'departments'])).toBe('/offices');
    expect(homePath(1280, [])).toBe('/clients');
    expect(homePath(375, ['offices'])).toBe('/mobile-app');
  });
});

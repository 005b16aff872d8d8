import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import HomeRedirect, { homePath } from './HomeRedirect';

const renderAt = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<HomeRedirect />} />
        <Route path="/clients" element={<p>clients page</p>} />
        <Route path="/mobile-app" element={<p>mobile page</p>} />
      </Routes>
    </MemoryRouter>,
  );
};

describe('the main layout entry /', () => {
  afterEach(cleanup);
  it('NAV-06 redirects to /clients on desktop (wider than 600 px)', () => {
    renderAt(601);
    expect(screen.getByText('clients page')).toBeInTheDocument();
    expect(homePath(1280)).toBe('/clients');
  });

  it('NAV-07 redirects to /mobile-app at 600 px or less', () => {
    renderAt(600);
    expect(screen.getByText('mobile page')).toBeInTheDocument();
    expect(homePath(375)).toBe('/mobile-app');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BackButton } from './BackButton';
import { backTarget } from './backTarget';

const Where = () => {
  const l = useLocation();
  return <output>{`${l.pathname}${l.search}`}</output>;
};

describe('backTarget', () => {
  it('WID-55 with from goes to the named route with the current params', () => {
    const routes = { clientCard: '/clients/:clientId', contacts: '/clients/:clientId/contacts' };
    expect(
      backTarget({ pathname: '/clients/12/card/edit', search: '?from=clientCard&page=2' }, { clientId: '12' }, routes),
    ).toBe('/clients/12?page=2');
    expect(backTarget({ pathname: '/x', search: '?from=contacts' }, { clientId: '7' }, routes)).toBe(
      '/clients/7/contacts?page=0',
    );
    expect(backTarget({ pathname: '/x', search: '?from=/offices/:officeId' }, { officeId: '3' })).toBe(
      '/offices/3?page=0',
    );
  });

  it('WID-56 always carries page, from the query or 0', () => {
    expect(backTarget({ pathname: '/clients/12', search: '' }, {})).toBe('/clients?page=0');
    expect(backTarget({ pathname: '/clients/12', search: '?page=4' }, {})).toBe('/clients?page=4');
  });

  it('WID-57 without from goes up one level when the path has an even number of segments', () => {
    expect(backTarget({ pathname: '/clients/12', search: '' }, {})).toBe('/clients?page=0');
    expect(backTarget({ pathname: '/clients/12/contacts/5', search: '' }, {})).toBe('/clients/12/contacts?page=0');
  });

  it('WID-58 without from goes up two levels when the path has an odd number of segments', () => {
    expect(backTarget({ pathname: '/clients/12/contacts', search: '' }, {})).toBe('/clients?page=0');
    expect(backTarget({ pathname: '/clients/12/contacts/5/edit', search: '?page=1' }, {})).toBe(
      '/clients/12/contacts?page=1',
    );
    expect(backTarget({ pathname: '/clients', search: '' }, {})).toBe('/?page=0');
  });
});

describe('BackButton', () => {
  it('WID-55 WID-56 navigates with the route params and page', () => {
    render(
      <MemoryRouter initialEntries={['/clients/12/card/edit?from=clientCard&page=3']}>
        <Routes>
          <Route
            path="/clients/:clientId/card/edit"
            element={<BackButton routes={{ clientCard: '/clients/:clientId' }} />}
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('status')).toHaveTextContent('/clients/12?page=3');
  });

  it('WID-57 navigates up one level without from', () => {
    render(
      <MemoryRouter initialEntries={['/clients/12']}>
        <Routes>
          <Route path="/clients/:id" element={<BackButton />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('status')).toHaveTextContent('/clients?page=0');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { uiStore } from '../shell/uiStore';
import { clearRouteLoading, RouteWatcher } from './routeLoading';

describe('route-loading flag', () => {
  afterEach(cleanup);

  it('SHELL-08 is set on each route change and SHELL-09 cleared by a successful answer', async () => {
    const router = createMemoryRouter([{ path: '*', element: <RouteWatcher /> }], { initialEntries: ['/clients'] });
    render(<RouterProvider router={router} />);
    expect(uiStore.get().routeLoading).toBe(true);
    clearRouteLoading();
    expect(uiStore.get().routeLoading).toBe(false);
    await act(() => router.navigate('/teams'));
    expect(uiStore.get().routeLoading).toBe(true);
    clearRouteLoading();
    expect(uiStore.get().routeLoading).toBe(false);
  });
});

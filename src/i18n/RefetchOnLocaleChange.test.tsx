import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setActiveLocale } from './activeLocale';
import { RefetchOnLocaleChange } from './RefetchOnLocaleChange';

afterEach(() => {
  cleanup();
  setActiveLocale('en');
});

describe('RefetchOnLocaleChange', () => {
  it("invalidates react-admin's queries when the language changes, not when it is set again, and stops when unmounted", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <RefetchOnLocaleChange />
      </QueryClientProvider>,
    );
    act(() => setActiveLocale('en'));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => setActiveLocale('ru'));
    expect(invalidate).toHaveBeenCalledTimes(1);
    act(() => setActiveLocale('en'));
    expect(invalidate).toHaveBeenCalledTimes(2);
    unmount();
    act(() => setActiveLocale('ru'));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createUiStore } from './uiStore';

describe('shell UI state', () => {
  it('SHELL-07 holds a forbidden flag, a burger-open flag and a mobile-application flag, all off at first', () => {
    const store = createUiStore();
    expect(store.get()).toMatchObject({ forbidden: false, burgerOpen: false, mobileApplication: false });
    store.set({ forbidden: true, burgerOpen: true, mobileApplication: true });
    expect(store.get()).toMatchObject({ forbidden: true, burgerOpen: true, mobileApplication: true });
  });

  it('SHELL-07 tells listeners only about real changes', () => {
    const store = createUiStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ burgerOpen: false });
    expect(listener).not.toHaveBeenCalled();
    store.set({ burgerOpen: true });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

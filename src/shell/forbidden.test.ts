import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createForbiddenHandler } from './forbidden';
import { createUiStore } from './uiStore';
import type { Toast } from './toasts';

describe('403 handler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('PERM-13 shows the error toast "Forbidden" with the exact detail for 5000 ms', () => {
    const toasts: Toast[] = [];
    createForbiddenHandler(createUiStore(), (t) => toasts.push(t))();
    expect(toasts).toEqual([
      { severity: 'error', summary: 'Forbidden', detail: 'You don`t  have permission access', life: 5000 },
    ]);
  });

  it('PERM-14 sets the forbidden flag and resets it 5 s later', () => {
    const store = createUiStore();
    createForbiddenHandler(store, () => undefined)();
    expect(store.get().forbidden).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(store.get().forbidden).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.get().forbidden).toBe(false);
  });

  it('PERM-12 a second 403 keeps the flag up for 5 s from the latest one', () => {
    const store = createUiStore();
    const handle = createForbiddenHandler(store, () => undefined);
    handle();
    vi.advanceTimersByTime(3000);
    handle();
    vi.advanceTimersByTime(3000);
    expect(store.get().forbidden).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(store.get().forbidden).toBe(false);
  });
});

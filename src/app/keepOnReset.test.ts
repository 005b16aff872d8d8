import { describe, expect, it } from 'vitest';
import { localStorageStore } from 'react-admin';
import { keepOnReset } from './BureauAdmin';

describe('the store across sign-out', () => {
  it('reset keeps the chosen language and clears the rest (list states)', () => {
    const store = keepOnReset(localStorageStore(undefined, 'keep-test'), ['locale']);
    store.setup();
    store.setItem('locale', 'ru');
    store.setItem('clients.listParams', { page: 2 });
    store.reset();
    expect(store.getItem('locale')).toBe('ru');
    expect(store.getItem('clients.listParams')).toBeUndefined();
    store.removeItem('locale');
    store.reset();
    expect(store.getItem('locale')).toBeUndefined();
    store.teardown();
  });
});

import { showToast, TOAST_LIFE_MS, type Toast } from './toasts';
import { uiStore, type UiStore } from './uiStore';

/** The forbidden toast, exactly as the spec words it (PERM-13: backtick, two spaces before "have"). */
export const FORBIDDEN_TOAST: Toast = {
  severity: 'error',
  summary: 'Forbidden',
  detail: 'You don`t  have permission access',
  life: TOAST_LIFE_MS,
};

/** How long the forbidden flag stays true after a 403 (PERM-14). */
export const FORBIDDEN_FLAG_MS = 5000;

/**
 * The 403 handler given to the data provider (`onForbidden`): shows the forbidden toast and sets
 * the forbidden flag for 5 s (PERM-13/14). It does not sign the user out (docs/decisions.md, PERM-12).
 * A second 403 inside the 5 s restarts the timer.
 */
export const createForbiddenHandler = (store: UiStore = uiStore, toast: (t: Toast) => void = showToast) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (): void => {
    toast(FORBIDDEN_TOAST);
    store.set({ forbidden: true });
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      store.set({ forbidden: false });
    }, FORBIDDEN_FLAG_MS);
  };
};

export const handleForbidden = createForbiddenHandler();

/**
 * A toast bus: non-React code (the data provider's 403 handler) posts toasts here, and
 * `<ToastBridge>` inside react-admin turns them into `notify()` calls (SHELL-04).
 */
export interface Toast {
  severity: 'error' | 'warning' | 'info' | 'success';
  summary: string;
  detail?: string;
  /** Milliseconds on screen (SHELL-11 default 5000). */
  life: number;
}

type ToastListener = (toast: Toast) => void;
const listeners = new Set<ToastListener>();

/** Post a toast to whichever bridge is mounted; dropped when none is. */
export const showToast = (toast: Toast): void => listeners.forEach((l) => l(toast));

/** Listen to posted toasts; returns the unsubscribe function. */
export const onToast = (listener: ToastListener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The default toast life (SHELL-11). */
export const TOAST_LIFE_MS = 5000;

import { useSyncExternalStore } from 'react';

/**
 * The shell's UI state (SHELL-07): the forbidden flag (PERM-14), the burger-open flag (SHELL-13..18,
 * driven by the native bridge), the mobile-application flag (SHELL-19/20) and the
 * route-loading flag (SHELL-08/09). A tiny external store so non-React code (the data provider's
 * callbacks, the native bridge) can read and write it; React reads it with {@link useUiState}.
 */
export interface UiState {
  forbidden: boolean;
  burgerOpen: boolean;
  mobileApplication: boolean;
  routeLoading: boolean;
}

type Listener = () => void;

export interface UiStore {
  get: () => UiState;
  /** Merge `patch` into the state; listeners run only when a value changed. */
  set: (patch: Partial<UiState>) => void;
  subscribe: (listener: Listener) => () => void;
}

/** A new store; the app uses the module-level {@link uiStore}, tests may make their own. */
export const createUiStore = (initial: Partial<UiState> = {}): UiStore => {
  let state: UiState = {
    forbidden: false,
    burgerOpen: false,
    mobileApplication: false,
    routeLoading: false,
    ...initial,
  };
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set: (patch) => {
      const next = { ...state, ...patch };
      if ((Object.keys(next) as Array<keyof UiState>).every((k) => next[k] === state[k])) return;
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

export const uiStore = createUiStore();

/** One UI flag, re-rendering when it changes. */
export const useUiState = <K extends keyof UiState>(key: K, store: UiStore = uiStore): UiState[K] =>
  useSyncExternalStore(
    store.subscribe,
    () => store.get()[key],
    () => store.get()[key],
  );

import { uiStore, type UiStore } from './uiStore';

/**
 * The native mobile app bridge (spec 000 section 4, SHELL-13..24).
 *
 * Incoming: the native app calls `window.postMessage(data)` in the web view. `data` is a JSON text
 * or an object; `{ event: 'onOpenBurger' }` / `{ event: 'onCloseBurger' }` open / close the burger
 * menu. The texts `unchanged` and `recaptcha-setup` are ignored; unparsable text is only logged.
 *
 * Outgoing: on every burger-state change, when a native bridge is present, the app posts
 * `{ event: 'onBurgerStateChange', value }` and then `{ event: 'onOpenBurger' | 'onCloseBurger' }`.
 * The bridge is whichever of these the host web view injects (checked at each post):
 * - `window.ReactNativeWebView.postMessage(text)` (react-native-webview; receives JSON text),
 * - `window.webkit.messageHandlers.bridge.postMessage(object)` (a WKWebView handler named `bridge`).
 *
 * The state is mirrored onto `window.bureauApp` ({@link BureauAppApi}) for the native side to read
 * and drive (SHELL-18/20).
 */

/** What the app posts to the native side. */
export type BridgeMessage =
  { event: 'onBurgerStateChange'; value: boolean } | { event: 'onOpenBurger' | 'onCloseBurger' };

/** A message from the native side, once parsed. */
export interface NativeMessage {
  event?: unknown;
  [key: string]: unknown;
}

/** The global application API object, `window.bureauApp` (SHELL-18/20). */
export interface BureauAppApi {
  /** The burger menu's state, kept in step with the shell (SHELL-18). */
  burgerOpen: boolean;
  /** True when running inside the native app (SHELL-19/20). */
  isMobileApplication: boolean;
  setMobileApplication: (value: boolean) => void;
  openBurger: () => void;
  closeBurger: () => void;
}

interface BridgeWindow {
  ReactNativeWebView?: { postMessage?: (message: string) => void };
  webkit?: { messageHandlers?: { bridge?: { postMessage?: (message: unknown) => void } } };
  bureauApp?: BureauAppApi;
}

/** Texts the native side sends that carry no command (SHELL-21/22). */
export const IGNORED_MESSAGES: readonly string[] = ['unchanged', 'recaptcha-setup'];

/** Posts `message` to the native app; `null` when no native bridge is injected (SHELL-17). */
export const findNativeBridge = (win: Window = window): ((message: BridgeMessage) => void) | null => {
  const w = win as unknown as BridgeWindow;
  const rn = w.ReactNativeWebView;
  if (typeof rn?.postMessage === 'function') return (m) => rn.postMessage!(JSON.stringify(m));
  const wk = w.webkit?.messageHandlers?.bridge;
  if (typeof wk?.postMessage === 'function') return (m) => wk.postMessage!(m);
  return null;
};

/**
 * Reads an incoming message's data (SHELL-21..24): `null` for the ignored texts, the parsed JSON
 * for other texts, the object itself for objects, `null` for anything else.
 * @throws SyntaxError when a text is not JSON.
 */
export const parseNativeMessage = (data: unknown): NativeMessage | null => {
  if (typeof data === 'string') {
    if (IGNORED_MESSAGES.includes(data)) return null;
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' ? (parsed as NativeMessage) : null;
  }
  return data && typeof data === 'object' ? (data as NativeMessage) : null;
};

/**
 * Applies one incoming message to the shell state (SHELL-13/14); a parse failure is only logged
 * with `console.error` (SHELL-24).
 */
export const handleNativeMessage = (
  data: unknown,
  store: UiStore = uiStore,
  log: (...args: unknown[]) => void = console.error,
): void => {
  let message: NativeMessage | null;
  try {
    message = parseNativeMessage(data);
  } catch (error) {
    log('could not parse the native app message', data, error);
    return;
  }
  if (message?.event === 'onOpenBurger') store.set({ burgerOpen: true });
  else if (message?.event === 'onCloseBurger') store.set({ burgerOpen: false });
};

/** The two messages a burger change posts, in order (SHELL-15/16). */
export const burgerMessages = (open: boolean): BridgeMessage[] => [
  { event: 'onBurgerStateChange', value: open },
  { event: open ? 'onOpenBurger' : 'onCloseBurger' },
];

/**
 * Installs the bridge once at start-up: sets the mobile-application flag when a native bridge
 * exists (SHELL-19), listens to window messages, posts burger changes to the native side and
 * mirrors the state onto `window.bureauApp`. @returns a function that uninstalls it (tests).
 */
export const installBridge = (win: Window = window, store: UiStore = uiStore): (() => void) => {
  if (findNativeBridge(win)) store.set({ mobileApplication: true });
  const api: BureauAppApi = {
    burgerOpen: store.get().burgerOpen,
    isMobileApplication: store.get().mobileApplication,
    setMobileApplication: (value) => store.set({ mobileApplication: Boolean(value) }),
    openBurger: () => store.set({ burgerOpen: true }),
    closeBurger: () => store.set({ burgerOpen: false }),
  };
  (win as unknown as BridgeWindow).bureauApp = api;

  let burgerOpen = store.get().burgerOpen;
  const unsubscribe = store.subscribe(() => {
    const state = store.get();
    api.isMobileApplication = state.mobileApplication;
    api.burgerOpen = state.burgerOpen;
    if (state.burgerOpen === burgerOpen) return;
    burgerOpen = state.burgerOpen;
    const post = findNativeBridge(win);
    if (post) burgerMessages(burgerOpen).forEach(post);
  });
  const onMessage = (event: MessageEvent) => handleNativeMessage(event.data, store);
  win.addEventListener('message', onMessage);
  return () => {
    unsubscribe();
    win.removeEventListener('message', onMessage);
    if ((win as unknown as BridgeWindow).bureauApp === api) delete (win as unknown as BridgeWindow).bureauApp;
  };
};

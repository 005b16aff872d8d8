import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUiStore } from './uiStore';
import { handleNativeMessage, installBridge, parseNativeMessage, type BureauAppApi } from './bridge';

type TestWindow = Window & { ReactNativeWebView?: unknown; webkit?: unknown; bureauApp?: BureauAppApi };
const w = window as TestWindow;

/** Delivers a window message as the native web view does, synchronously. */
const post = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data }));

let uninstall: (() => void) | null = null;
const install = (store = createUiStore()) => {
  uninstall = installBridge(window, store);
  return store;
};

/** A react-native-webview bridge recording the parsed messages. */
const fakeReactNative = () => {
  const sent: unknown[] = [];
  w.ReactNativeWebView = { postMessage: (text: string) => sent.push(JSON.parse(text)) };
  return sent;
};

describe('native bridge', () => {
  afterEach(() => {
    uninstall?.();
    uninstall = null;
    delete w.ReactNativeWebView;
    delete w.webkit;
    vi.restoreAllMocks();
  });

  it('SHELL-13 opens the burger on an onOpenBurger message (JSON text)', () => {
    const store = install();
    post(JSON.stringify({ event: 'onOpenBurger' }));
    expect(store.get().burgerOpen).toBe(true);
  });

  it('SHELL-14 closes the burger on an onCloseBurger message', () => {
    const store = install(createUiStore({ burgerOpen: true }));
    post(JSON.stringify({ event: 'onCloseBurger' }));
    expect(store.get().burgerOpen).toBe(false);
  });

  it('SHELL-15 posts onBurgerStateChange with the new value first', () => {
    const sent = fakeReactNative();
    const store = install();
    store.set({ burgerOpen: true });
    expect(sent[0]).toEqual({ event: 'onBurgerStateChange', value: true });
  });

  it('SHELL-16 then posts onOpenBurger or onCloseBurger, once per change', () => {
    const sent = fakeReactNative();
    const store = install();
    store.set({ burgerOpen: true });
    store.set({ forbidden: true }); // not a burger change: nothing posted
    store.set({ burgerOpen: false });
    expect(sent).toEqual([
      { event: 'onBurgerStateChange', value: true },
      { event: 'onOpenBurger' },
      { event: 'onBurgerStateChange', value: false },
      { event: 'onCloseBurger' },
    ]);
  });

  it('SHELL-16 also posts objects to a WKWebView handler named bridge', () => {
    const sent: unknown[] = [];
    w.webkit = { messageHandlers: { bridge: { postMessage: (m: unknown) => sent.push(m) } } };
    const store = install();
    store.set({ burgerOpen: true });
    expect(sent).toEqual([{ event: 'onBurgerStateChange', value: true }, { event: 'onOpenBurger' }]);
  });

  it('SHELL-17 posts nothing without a native bridge', () => {
    const postMessage = vi.spyOn(window, 'postMessage');
    const store = install();
    store.set({ burgerOpen: true });
    store.set({ burgerOpen: false });
    expect(postMessage).not.toHaveBeenCalled();
    expect(store.get().mobileApplication).toBe(false);
  });

  it('SHELL-18 mirrors the burger state onto window.bureauApp, which can also drive it', () => {
    const store = install();
    expect(w.bureauApp?.burgerOpen).toBe(false);
    post({ event: 'onOpenBurger' });
    expect(w.bureauApp?.burgerOpen).toBe(true);
    w.bureauApp?.closeBurger();
    expect(store.get().burgerOpen).toBe(false);
    expect(w.bureauApp?.burgerOpen).toBe(false);
    w.bureauApp?.openBurger();
    expect(store.get().burgerOpen).toBe(true);
  });

  it('SHELL-19 sets the mobile-application flag at start-up when the native bridge exists', () => {
    fakeReactNative();
    const store = install();
    expect(store.get().mobileApplication).toBe(true);
    expect(w.bureauApp?.isMobileApplication).toBe(true);
  });

  it('SHELL-20 sets the mobile-application flag through window.bureauApp.setMobileApplication', () => {
    const store = install();
    w.bureauApp?.setMobileApplication(true);
    expect(store.get().mobileApplication).toBe(true);
    expect(w.bureauApp?.isMobileApplication).toBe(true);
    w.bureauApp?.setMobileApplication(false);
    expect(store.get().mobileApplication).toBe(false);
  });

  it('SHELL-21 ignores the text unchanged without logging', () => {
    const log = vi.fn();
    const store = createUiStore({ burgerOpen: true });
    expect(parseNativeMessage('unchanged')).toBeNull();
    handleNativeMessage('unchanged', store, log);
    expect(log).not.toHaveBeenCalled();
    expect(store.get().burgerOpen).toBe(true);
  });

  it('SHELL-22 ignores the text recaptcha-setup without logging', () => {
    const log = vi.fn();
    expect(parseNativeMessage('recaptcha-setup')).toBeNull();
    handleNativeMessage('recaptcha-setup', createUiStore(), log);
    expect(log).not.toHaveBeenCalled();
  });

  it('SHELL-23 parses text as JSON and uses objects as they are', () => {
    expect(parseNativeMessage('{"event":"onOpenBurger","x":1}')).toEqual({ event: 'onOpenBurger', x: 1 });
    const object = { event: 'onCloseBurger' };
    expect(parseNativeMessage(object)).toBe(object);
    const store = createUiStore();
    handleNativeMessage({ event: 'onOpenBurger' }, store);
    expect(store.get().burgerOpen).toBe(true);
  });

  it('SHELL-24 only logs a parse failure: no throw, no state change', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = install();
    expect(() => post('{not json')).not.toThrow();
    expect(error).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual(createUiStore().get());
  });
});

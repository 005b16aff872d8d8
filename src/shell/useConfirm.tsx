import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

import type { ConfirmOptions } from './ConfirmDialog';

export type { ConfirmOptions };

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * Provides {@link useConfirm}; the dialog's code is fetched the first time it opens (SHELL-05).
 */
export const ConfirmProvider = ({ children }: { children: ReactNode }) => {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const confirm = useCallback<Confirm>(
    (opts) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOptions(opts);
      }),
    [],
  );
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {options ? (
        <Suspense fallback={null}>
          <ConfirmDialog options={options} onClose={close} />
        </Suspense>
      ) : null}
    </ConfirmContext.Provider>
  );
};

/**
 * Ask the user to confirm; resolves `true` on confirm, `false` on cancel.
 * @example
 * const confirm = useConfirm();
 * if (await confirm({ title: 'Delete this budget?', danger: true })) remove();
 */
export const useConfirm = (): Confirm => {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider> (the app layout provides it)');
  return confirm;
};

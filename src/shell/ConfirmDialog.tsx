import { Confirm } from 'react-admin';
import type { ReactNode } from 'react';

/** What a confirmation asks ({@link ConfirmDialog}, opened by `useConfirm`). */
export interface ConfirmOptions {
  title: string;
  content?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Show the confirm button in the warning colour (deletes). */
  danger?: boolean;
}

/** The confirmation dialog body, loaded lazily on first use (SHELL-05): react-admin's `<Confirm>`. */
export default function ConfirmDialog({
  options,
  onClose,
}: {
  options: ConfirmOptions;
  onClose: (ok: boolean) => void;
}) {
  return (
    <Confirm
      isOpen
      title={options.title}
      content={options.content ?? ''}
      confirm={options.confirmLabel ?? 'ra.action.confirm'}
      cancel={options.cancelLabel ?? 'ra.action.cancel'}
      confirmColor={options.danger ? 'warning' : 'primary'}
      onConfirm={() => onClose(true)}
      onClose={() => onClose(false)}
    />
  );
}

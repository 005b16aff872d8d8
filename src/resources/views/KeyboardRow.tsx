/**
 * react-admin's `DataTableRow` that a keyboard can open: each row is a tab stop; Enter on the
 * focused row does what a click does (opens the record), ArrowDown/ArrowUp move the focus
 * to the next/previous row. Keys pressed inside the row's own controls (a checkbox, an inline edit
 * cell, a link) are theirs, not the row's.
 */
import type { KeyboardEvent } from 'react';
import { DataTableRow, type DataTableRowProps } from 'react-admin';

/** What a key pressed on a focused row does (`open`, `next`, `previous`), or nothing. */
export function rowKeyAction(key: string): 'open' | 'next' | 'previous' | undefined {
  if (key === 'Enter') return 'open';
  if (key === 'ArrowDown') return 'next';
  if (key === 'ArrowUp') return 'previous';
  return undefined;
}

const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
  if (event.target !== event.currentTarget) return;
  const action = rowKeyAction(event.key);
  if (!action) return;
  event.preventDefault();
  const row = event.currentTarget;
  if (action === 'open') row.click();
  else {
    const to = action === 'next' ? row.nextElementSibling : row.previousElementSibling;
    if (to instanceof HTMLElement && to.tabIndex >= 0) to.focus();
  }
};

export const KeyboardRow = (props: DataTableRowProps) => (
  <DataTableRow
    {...props}
    tabIndex={0}
    onKeyDown={onKeyDown}
    sx={[
      { '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } },
      ...(Array.isArray(props.sx) ? props.sx : props.sx ? [props.sx] : []),
    ]}
  />
);

import { f } from '../define';
import { ownCashboxRows } from './access';

/**
 * What every cashbox result collection (CASH-20..25, CASH-02) declares alike: the cashbox module,
 * no menu entry, read by any signed-in user under the row rule of CASH-12/13 (`ownCashboxRows`),
 * and no generic writes - only the calculation writes them (`storeCashboxVersion`,
 * server/cashbox/store.ts).
 * @example
 * defineEntity({ name: 'cashboxFundBalances', ..., ...cashboxLine(), fields: { cashboxPeriod: periodField(), ... } })
 */
export const cashboxLine = () =>
  ({
    area: 'cashbox',
    module: 'cashbox',
    hideFromMenu: true,
    access: { read: 'signedIn', write: 'module', page: 'module' },
    genericWrites: { create: false, update: false, delete: false },
    accessRule: ownCashboxRows,
  }) as const;

/** The version of an office's month a line belongs to; deleting the version deletes its lines. */
export const periodField = () =>
  f.ref('cashboxPeriods', { required: true, readOnly: true, onDelete: 'cascade', label: 'Period' });

/** The employee a line belongs to (CASH-12: the row rule and "by me" read it). */
export const recipientField = () => f.refId('employees', { readOnly: true, index: true, label: 'Employee' });

/** `byMe`: true on the user's own rows; `?byMe=true` is the "by me" choice (CASH-13). */
export const byMeComputed = () => ({ byMe: { type: 'boolean', label: 'By me' } }) as const;

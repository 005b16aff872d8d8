/**
 * How expense rows look: coloured by their billing status (EXP-06..08) with the palette the time
 * list's chips use (`billingStatusColor`: code 2 danger, 3 warning, 4 success).
 */
import type { SxProps } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { billingStatusColor, codeOf, type StatusColor } from '../../times/looks';
import { tint } from '../../app/theme';

/** The palette colour of an expense row: its billing status's (EXP-06..08), or none. */
export const expenseRowColor = (record: RaRecord | undefined): StatusColor =>
  billingStatusColor(codeOf(record?.billingStatus));

/**
 * The row style of an expense (`list.rowSx`): a tint of its billing status's colour readable in
 * both themes (`tint`), none for other statuses.
 * @example expenseRowSx({ id: 1, billingStatus: { code: 3 } }) // { bgcolor: tint('warning') }
 */
export const expenseRowSx = (record: RaRecord): SxProps => {
  const color = expenseRowColor(record);
  return color === 'default' ? {} : { bgcolor: tint(color) };
};

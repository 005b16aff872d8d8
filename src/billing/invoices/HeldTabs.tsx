/**
 * The invoice card's times and expenses tabs (INV-20): the generated list of the rows the invoice
 * holds, under the total of exactly those rows - `GET /times/totalDuration?invoice.id=<id>` in
 * hours and `GET /expenses/totalAmount?invoice.id=<id>` as entered and in USD, from the same
 * filters the tab's list sends (`invoice.id`), so the figure always matches the rows below it.
 * Loaded with the card's tab, not in the first load (the figures come from the times' and
 * expenses' list parts).
 */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { ListTotalFigure } from '../../resources/ListTotal';
import type { TabProps } from '../../resources/parts';
import { totalDurationOptions } from '../../times/listParts';
import { ExpenseTotalsFigure } from '../expenses/listParts';

const WithTotal = ({ total, generated }: { total: ReactNode; generated?: ReactNode }) => (
  <Box sx={{ width: '100%' }}>
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', py: 0.5 }}>{total}</Box>
    {generated}
  </Box>
);

/** The times tab: the total duration of the invoice's time entries above their list. */
export const InvoiceTimesTab = ({ record, generated }: TabProps) => (
  <WithTotal
    generated={generated}
    total={<ListTotalFigure options={totalDurationOptions} query={{ 'invoice.id': record.id }} />}
  />
);

/** The expenses tab: the totals of the invoice's expenses above their list. */
export const InvoiceExpensesTab = ({ record, generated }: TabProps) => (
  <WithTotal generated={generated} total={<ExpenseTotalsFigure query={{ 'invoice.id': record.id as number }} />} />
);

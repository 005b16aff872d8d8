/**
 * The budgets' own parts: the total amount of the filtered budgets (BUD-13) beside the list's
 * buttons, and the payers on the card with the budget's closed-by-fund switch (BUD-18/19). Both
 * read the list's or the card's data; nothing here writes but the switch.
 */
import {
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useResourceAccess } from '../resources/access';
import type { CellProps } from '../resources/parts';
import { useSpringDataProvider } from '../resources/useAction';
import { listTotal } from '../resources/ListTotal';

/** "Total ₸12,000.00", one line per currency, of the budgets the list's filters select (`GET /budgets/totalAmount`, BUD-13, MC-4). */
export const TotalAmount = listTotal({
  collection: 'budgets',
  action: 'totalAmount',
  byCurrency: { fields: [{ property: 'totalAmount' }] },
  label: 'bureau.totals.amount',
  description: 'bureau.totals.budgets',
});

type Named = { gname?: string | null; gfirmName?: string | null; code?: number | null } | null | undefined;
type Payer = {
  id: number;
  payerType?: Named;
  payerOffice?: Named;
  payerDepartment?: Named;
  payerPosition?: ({ id: number; employee?: { gfirstName?: string; glastName?: string } | null } & Named) | null;
  percentage?: number | null;
  closedByFund?: boolean | null;
};

/** Who pays, in words: the office, the department or the position's holder. */
const payerName = (p: Payer): string => {
  const position = p.payerPosition;
  if (position) {
    const who = [position.employee?.gfirstName, position.employee?.glastName].filter(Boolean).join(' ');
    return who || `#${position.id}`;
  }
  return p.payerDepartment?.gname ?? p.payerOffice?.gfirmName ?? '';
};

/** Percent for a fraction: 0.5 -> "50 %". */
const percentOf = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? '' : `${Number((fraction * 100).toFixed(6))} %`;

/**
 * The `true` / `false` actions of budget payers (`PATCH budgetPayers/{budgetId}/{true|false}`,
 * BUD-18): one switch for the budget, as the path names the budget and the server sets every payer
 * of it. The switch changes only after the server has answered (BUD-19): on success every payer is
 * shown flipped, on a refusal nothing changes and the message is shown.
 */
const ClosedByFundSwitch = ({
  budgetId,
  closed,
  onChange,
  canEdit,
}: {
  budgetId: number | string;
  closed: boolean;
  onChange: (closed: boolean) => void;
  canEdit: boolean;
}) => {
  const dataProvider = useSpringDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    const next = !closed;
    setBusy(true);
    try {
      await dataProvider.action('budgetPayers', { name: String(next), id: budgetId });
      onChange(next);
    } catch (e) {
      notify((e as Error).message || 'bureau.billing.refused', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormControlLabel
      control={
        <Switch
          checked={closed}
          disabled={!canEdit || busy}
          onChange={toggle}
          slotProps={{ input: { 'aria-label': translate('bureau.payers.closed_by_fund_of') } }}
        />
      }
      label={translate('bureau.payers.closed_by_fund_of')}
    />
  );
};

/** The budget's payers on the card: type, payer, share in percent, closed by fund (set for the budget). */
export const PayersCell = ({ value, schema, record }: CellProps) => {
  const canAccess = useResourceAccess();
  const translate = useTranslate();
  const payers = Array.isArray(value) ? (value as Payer[]) : [];
  const [flipped, setFlipped] = useState<boolean | undefined>(undefined);
  if (payers.length === 0) return <Typography variant="body2">{translate('bureau.payers.none')}</Typography>;
  const canEdit = canAccess('edit', schema.route);
  const closedOf = (p: Payer) => flipped ?? Boolean(p.closedByFund);
  return (
    <Stack>
      <ClosedByFundSwitch
        budgetId={record.id}
        closed={payers.every(closedOf)}
        onChange={setFlipped}
        canEdit={canEdit}
      />
      <Table size="small" aria-label={translate('bureau.payers.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('bureau.payers.type')}</TableCell>
            <TableCell>{translate('bureau.payers.payer')}</TableCell>
            <TableCell align="right">{translate('bureau.payers.share')}</TableCell>
            <TableCell>{translate('bureau.payers.closed_by_fund')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payers.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{p.payerType?.gname ?? ''}</TableCell>
              <TableCell>{payerName(p)}</TableCell>
              <TableCell align="right">{percentOf(p.percentage)}</TableCell>
              <TableCell>{translate(closedOf(p) ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
};

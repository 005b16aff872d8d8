/**
 * The budgets' own parts: the total amount of the filtered budgets (BUD-13) beside the list's
 * buttons, and the payers on the card with a closed-by-fund switch per payer (BUD-18/19). Both
 * read the list's or the card's data; nothing here writes but the switch.
 */
import { Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useResourceAccess } from '../resources/access';
import type { CellProps } from '../resources/parts';
import { useHttpClient } from '../resources/status/hooks';
import { CORE_API } from '../resources/listQuery';
import { listTotal } from '../resources/ListTotal';

const money = (value: unknown) =>
  Number(value ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "Total 12,000.00" of the budgets the list's filters select (`GET /budgets/totalAmount`, BUD-13). */
export const TotalAmount = listTotal({
  collection: 'budgets',
  action: 'totalAmount',
  property: 'totalAmount',
  label: 'Total amount',
  description: 'Total amount of the filtered budgets (choose a currency for one currency)',
  format: (value) => `Total ${money(value)}`,
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
    return who || `Position ${position.id}`;
  }
  return p.payerDepartment?.gname ?? p.payerOffice?.gfirmName ?? '';
};

/** Percent for a fraction: 0.5 -> "50 %". */
const percentOf = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? '' : `${Number((fraction * 100).toFixed(6))} %`;

/**
 * PATCH `/core/api/budgetPayers/{id}/{true|false}` (BUD-18). The switch changes only after the
 * server has answered (BUD-19): on success the payer is flipped locally, on a refusal it stays and
 * the message is shown.
 */
const ClosedByFundSwitch = ({ payer, canEdit }: { payer: Payer; canEdit: boolean }) => {
  const httpClient = useHttpClient();
  const notify = useNotify();
  const [closed, setClosed] = useState(Boolean(payer.closedByFund));
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    const next = !closed;
    setBusy(true);
    try {
      await httpClient(`${CORE_API}/budgetPayers/${payer.id}/${next}`, { method: 'PATCH' });
      setClosed(next);
    } catch (e) {
      notify((e as Error).message || 'The change was refused', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={closed}
      disabled={!canEdit || busy}
      onChange={toggle}
      slotProps={{ input: { 'aria-label': `Closed by fund: ${payerName(payer)}` } }}
    />
  );
};

/** The budget's payers on the card: type, payer, share in percent, closed by fund. */
export const PayersCell = ({ value, schema }: CellProps) => {
  const canAccess = useResourceAccess();
  const payers = Array.isArray(value) ? (value as Payer[]) : [];
  if (payers.length === 0) return <Typography variant="body2">No payers</Typography>;
  const canEdit = canAccess('edit', schema.route);
  return (
    <Stack>
      <Table size="small" aria-label="Payers">
        <TableHead>
          <TableRow>
            <TableCell>Type</TableCell>
            <TableCell>Payer</TableCell>
            <TableCell align="right">Share</TableCell>
            <TableCell>Closed by fund</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payers.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{p.payerType?.gname ?? ''}</TableCell>
              <TableCell>{payerName(p)}</TableCell>
              <TableCell align="right">{percentOf(p.percentage)}</TableCell>
              <TableCell>
                <ClosedByFundSwitch payer={p} canEdit={canEdit} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
};

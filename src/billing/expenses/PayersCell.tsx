/**
 * The payers of an expense on its card and in its list (EXP-02/03): each payer position's holder
 * and its share shown as a percent (`0.25` -> `25 %`), exactly.
 */
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { toMoney } from '../../../schemas/money';
import type { CellProps } from '../../resources/parts';

type Payer = {
  id?: number;
  percentage?: number | string | null;
  payerPosition?: { id?: number; employee?: { gfirstName?: string; glastName?: string } | null } | null;
};

/** A share (a fraction) as a percent: `0.25` -> `25 %`; empty for none. */
export const sharePercent = (v: unknown): string =>
  typeof v === 'number' || typeof v === 'string' ? `${toMoney(v).times(100).toFixed()} %` : '';

/** The holder of a payer position (`Anna Abenova`), else `#<id>`. */
const holder = (p: Payer): string => {
  const e = p.payerPosition?.employee;
  const name = [e?.gfirstName, e?.glastName].filter(Boolean).join(' ');
  return name || (p.payerPosition?.id ? `#${p.payerPosition.id}` : '');
};

export const PayersCell = ({ value }: CellProps) => {
  const translate = useTranslate();
  const payers = Array.isArray(value) ? (value as Payer[]) : [];
  if (payers.length === 0) return null;
  return (
    <Table size="small" aria-label={translate('bureau.payers.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('bureau.payers.position')}</TableCell>
          <TableCell align="right">{translate('bureau.payers.share')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {payers.map((p, i) => (
          <TableRow key={p.id ?? i}>
            <TableCell>{holder(p)}</TableCell>
            <TableCell align="right">{sharePercent(p.percentage)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/**
 * The budget form's payers (BUD-02, BUD-09): the nested list of payer inputs, where a new payer
 * starts with the share the others leave, so the payers' total share defaults to 100 % (the first
 * payer 100 %, a payer added beside payers sharing 60 % starts at 40 %, one added when they already
 * share 100 % at 0 %). Exact: the fractions are added as decimals.
 */
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { findSchema } from '../../schemas/registry';
import { Money, sumExact, toMoney } from '../../schemas/money';
import type { InputRenderProps } from '../resources/fieldTypes/types';

/**
 * The share (a fraction, 0..1) a new payer starts with: 1 less the shares of `payers`, never below
 * 0 (BUD-09: the total payer share defaults to 100 %). A payer without a share counts as 0.
 * @example remainingShare([{ percentage: 0.6 }]) // 0.4
 */
export function remainingShare(payers: unknown): number {
  const shares = (Array.isArray(payers) ? payers : []).map((p) =>
    p && typeof p === 'object' ? ((p as { percentage?: string | number | null }).percentage ?? 0) : 0,
  );
  return Money.max(0, toMoney(1).minus(sumExact(shares))).toNumber();
}

/** The payers input: {@link remainingShare} as the new payer's share. */
export const PayersInput = (p: InputRenderProps) => {
  const { getValues } = useFormContext();
  const child = findSchema('budgetPayers');
  if (!child) return null;
  return (
    <ArrayInput source={p.name} label={p.label} validate={p.validate}>
      <SimpleFormIterator
        {...({
          getItemDefaults: (item?: unknown) => item ?? { percentage: remainingShare(getValues(p.name)) },
        } as object)}
      >
        {p.inputsOf(child, ['budget'])}
      </SimpleFormIterator>
    </ArrayInput>
  );
};

import { MenuItem, TextField } from '@mui/material';
import type { Office } from './api';
import { useCashboxText } from './text';

/**
 * The office picker of the cashbox pages (CASH-26): one option per office, by name; the value is
 * the office id, or undefined while none is picked.
 * @example
 * <OfficePicker offices={offices.data} value={officeId} onChange={setOfficeId} testId="balance-office" />
 */
export function OfficePicker({
  offices,
  value,
  onChange,
  testId,
}: {
  offices: Office[] | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** `data-testid` of the input, for the journeys. */
  testId: string;
}) {
  const t = useCashboxText();
  return (
    <TextField
      select
      size="small"
      label={t('office')}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      sx={{ minWidth: 220 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {(offices ?? []).map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.gfirmName}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Related records as MUI chips, in a chunk of their own; see `ChipsValue` in `parts.tsx`. */
import { Chip, Stack } from '@mui/material';
import { representRecord } from '../format';

export default function Chips({ items, template }: { items: unknown[]; template?: string }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" component="span">
      {items.map((item, i) => (
        <Chip key={(item as { id?: string })?.id ?? i} size="small" label={representRecord(template, item)} />
      ))}
    </Stack>
  );
}

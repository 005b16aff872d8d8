import { Link as RouterLink } from 'react-router-dom';
import { List, ListItemButton, ListItemText } from '@mui/material';
import { showPath } from '../resources/paths';

/** One tappable row: a record's card. */
export interface RecordRow {
  key: string;
  route: string;
  id: string | number;
  primary: string;
  secondary?: string;
}

/** Rows linking to the records' cards, each at least 48 px tall (touch targets >= 44 px). */
export const RecordList = ({ rows, label }: { rows: RecordRow[]; label: string }) => (
  <List dense disablePadding aria-label={label}>
    {rows.map((row) => (
      <ListItemButton
        key={row.key}
        component={RouterLink}
        to={showPath(row.route, row.id)}
        sx={{ minHeight: 52, px: 2 }}
        divider
      >
        <ListItemText
          primary={row.primary}
          secondary={row.secondary || undefined}
          slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } }, secondary: { noWrap: true } }}
        />
      </ListItemButton>
    ))}
  </List>
);

/** `a · b` of the non-empty parts. */
export const joinParts = (...parts: unknown[]): string =>
  parts.filter((p) => typeof p === 'string' && p.trim() !== '').join(' · ');

/** The display name of an embedded reference (`{ gname }`) or ''. */
export const nameOf = (value: unknown): string =>
  value && typeof value === 'object' && typeof (value as { gname?: unknown }).gname === 'string'
    ? (value as { gname: string }).gname
    : '';

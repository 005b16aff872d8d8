/**
 * A warning under a name input when another record the user can read already bears that name
 * (the schema's `form.duplicateCheck`, e.g. a client's `gname`): "A client with this name exists:"
 * and links to the cards of those records. It warns, it never blocks saving.
 *
 * The form value is read one pause (400 ms) after the last keystroke and asked of the data
 * provider's `getList` with the list's quick search (`search=<text>`, a match anywhere in the
 * schema's search fields), at most 5 records; of these only those whose field equals the typed
 * text case- and space-insensitively (`sameName`) and that are not the edited record warn.
 */
import { Alert, Link as MuiLink } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { EntitySchema } from '../../../schemas/define';
import { showPath } from '../paths';

/** The pause after the last keystroke before the name is looked up, in milliseconds. */
export const DUPLICATE_DEBOUNCE_MS = 400;
/** At most this many records are read per lookup. */
export const DUPLICATE_READ_LIMIT = 5;

/** A name as compared: trimmed, inner runs of spaces as one, lower case (`'  Acme  LLP'` -> `'acme llp'`). */
export const normaliseName = (value: unknown): string =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toLocaleLowerCase() : '';

/** Whether two names are the same up to case and spaces (`sameName('ACME  llp', 'Acme LLP')` is true). */
export const sameName = (a: unknown, b: unknown): boolean => {
  const left = normaliseName(a);
  return left !== '' && left === normaliseName(b);
};

/** The value after it has stood still for `ms` milliseconds. */
const useDebounced = <T,>(value: T, ms: number): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};

export interface DuplicateWarningProps {
  schema: EntitySchema;
  /** The form path of the name field (`gname`). */
  source: string;
}

/** The warning for one name field; nothing while the name is empty or unique. */
export const DuplicateWarning = ({ schema, source }: DuplicateWarningProps) => {
  const translate = useTranslate();
  const own = useRecordContext()?.id;
  const value = useWatch({ name: source }) as unknown;
  const typed = useDebounced(normaliseName(value), DUPLICATE_DEBOUNCE_MS);
  const { data = [] } = useGetList<RaRecord>(
    schema.route,
    {
      filter: { search: typed },
      pagination: { page: 1, perPage: DUPLICATE_READ_LIMIT },
      sort: { field: 'id', order: 'ASC' },
    },
    { enabled: typed !== '' },
  );
  // the list may still hold the answer for an earlier text: compare with what is typed now
  const others = typed === '' ? [] : data.filter((r) => r.id !== own && sameName(r[source], value));
  if (others.length === 0) return null;
  const entity = translate(`resources.${schema.route}.name`, { smart_count: 1, _: schema.entityName });
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2, width: '100%' }}>
      {translate('bureau.form.duplicate', { entity: entity.toLocaleLowerCase(), Entity: entity })}{' '}
      {others.map((r, i) => (
        <span key={String(r.id)}>
          {i > 0 && ', '}
          <MuiLink component={Link} to={showPath(schema.route, r.id)}>
            {String(r[source])}
          </MuiLink>
        </span>
      ))}
    </Alert>
  );
};

import { useEffect, useState } from 'react';
import { Box, InputAdornment, LinearProgress, ListSubheader, Paper, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useCanAccess, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { resourceNameKey } from '../i18n/keys';
import { joinParts, nameOf, RecordList, type RecordRow } from './RecordList';
import { useMobileText, type MobileTextKey } from './text';

/** Results per section, and the wait after the last key press before searching. */
export const SEARCH_RESULTS = 5;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MIN_LENGTH = 2;

interface Section {
  resource: string;
  title: MobileTextKey;
  row: (r: RaRecord) => RecordRow;
}

const SECTIONS: Section[] = [
  {
    resource: 'clients',
    title: 'clients',
    row: (c) => ({
      key: `c${c.id}`,
      route: 'clients',
      id: c.id,
      primary: String(c.gname ?? c.id),
      secondary: joinParts(nameOf(c.country), c.iinBin),
    }),
  },
  {
    resource: 'contacts',
    title: 'contacts',
    row: (c) => ({
      key: `p${c.id}`,
      route: 'contacts',
      id: c.id,
      primary: String(c.gname ?? c.id),
      secondary: joinParts(nameOf(c.client), c.gjobTitle, c.firstPhoneNumber),
    }),
  },
];

/** One resource's matches for `q` (the data provider sends it as `search`), when the user may list it. */
const SearchSection = ({
  section,
  q,
  onCount,
}: {
  section: Section;
  q: string;
  onCount: (resource: string, n: number | null) => void;
}) => {
  const t = useMobileText();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ action: 'list', resource: section.resource });
  const { data, isFetching } = useGetList<RaRecord>(
    section.resource,
    { filter: { q }, pagination: { page: 1, perPage: SEARCH_RESULTS } },
    { enabled: canAccess === true },
  );
  const count = canAccess === false ? 0 : isFetching || !data ? null : data.length;
  useEffect(() => onCount(section.resource, count), [count, onCount, section.resource]);
  if (!canAccess) return null;
  return (
    <>
      {isFetching ? (
        <LinearProgress
          aria-label={translate('bureau.ui.searching', {
            name: translate(resourceNameKey(section.resource), { smart_count: 2 }),
          })}
        />
      ) : null}
      {data && data.length > 0 ? (
        <>
          <ListSubheader disableSticky sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>
            {t(section.title)}
          </ListSubheader>
          <RecordList label={t(section.title)} rows={data.map(section.row)} />
        </>
      ) : null}
    </>
  );
};

/**
 * The search box of `/mobile-app`: clients and contacts whose searchable fields match (the
 * schemas' `search`), shown as rows linking to their cards, searched 300 ms after typing stops.
 */
export const MobileSearch = () => {
  const t = useMobileText();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [counts, setCounts] = useState<Record<string, number | null>>({});
  useEffect(() => {
    const id = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);
  const onCount = useState(
    () => (resource: string, n: number | null) => setCounts((c) => (c[resource] === n ? c : { ...c, [resource]: n })),
  )[0];
  const active = q.length >= SEARCH_MIN_LENGTH;
  const values = Object.values(counts);
  const nothing = active && values.length > 0 && values.every((n) => n === 0);

  return (
    <Box component="section" aria-label={t('search')}>
      <TextField
        fullWidth
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('search')}
        slotProps={{
          htmlInput: { 'aria-label': t('search'), enterKeyHint: 'search', autoComplete: 'off' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
            sx: { minHeight: 52, bgcolor: 'background.paper', borderRadius: 2 },
          },
        }}
      />
      {text.trim().length > 0 && text.trim().length < SEARCH_MIN_LENGTH ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, px: 1 }}>
          {t('search_hint')}
        </Typography>
      ) : null}
      {active ? (
        <Paper variant="outlined" sx={{ mt: 1, overflow: 'hidden' }}>
          {SECTIONS.map((s) => (
            <SearchSection key={s.resource} section={s} q={q} onCount={onCount} />
          ))}
          {nothing ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('no_results')}
            </Typography>
          ) : null}
        </Paper>
      ) : null}
    </Box>
  );
};

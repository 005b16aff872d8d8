import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import HistoryIcon from '@mui/icons-material/History';
import { useQuery } from '@tanstack/react-query';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router-dom';
import { useGetIdentity, useStore, useTranslate } from 'react-admin';
import { useIcons } from '../app/icons';
import { resourceNameKey } from '../i18n/keys';
import { showPath } from '../resources/paths';
import { useSpringDataProvider } from '../resources/useAction';

/**
 * The global search (Ctrl+K, Cmd+K, or `/` outside a text field; the search button of the app
 * bar): a dialog that asks the data provider's `search` (`GET search`, server/search/service.ts) as the user types and
 * lists the records found, grouped by entity with its icon and name. Arrow keys move through the
 * results, Enter opens the record's card, Esc closes. With an empty query it lists the records
 * the user picked here recently, kept per user in react-admin's store.
 */

/** The wait after the last key press before asking, ms; the hits per entity; the recent items kept. */
export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_SIZE = 5;
export const RECENT_LIMIT = 8;
/** The longest query the server takes (`SEARCH_MAX_LENGTH` of server/search/service.ts). */
const MAX_LENGTH = 200;

/** One record of a result or of the recent items. */
export interface SearchItem {
  collection: string;
  route: string;
  icon?: string;
  id: number;
  representation: string;
}

interface SearchAnswer {
  groups: Array<{
    collection: string;
    route: string;
    label: string;
    icon?: string;
    items: Array<{ id: number; representation: string }>;
  }>;
}

interface Group {
  key: string;
  title: string;
  icon?: string;
  items: SearchItem[];
}

/** The store key of a user's recent items. */
export const recentKey = (userId: string | number | undefined): string =>
  `bureau.search.recent.${userId ?? 'anonymous'}`;

/** The recent items with `item` first, without its older copy, at most {@link RECENT_LIMIT}. */
export const withRecent = (recent: SearchItem[], item: SearchItem): SearchItem[] =>
  [item, ...recent.filter((r) => !(r.collection === item.collection && r.id === item.id))].slice(0, RECENT_LIMIT);

/** The query after the user stopped typing for {@link SEARCH_DEBOUNCE_MS}. */
const useDebounced = (value: string): string => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value]);
  return debounced;
};

const SearchDialog = ({ titleId, onClose }: { titleId: string; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useSpringDataProvider();
  const navigate = useNavigate();
  const iconFor = useIcons();
  const { identity } = useGetIdentity();
  const [recent, setRecent] = useStore<SearchItem[]>(recentKey(identity?.id), []);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const q = useDebounced(text.trim()).slice(0, MAX_LENGTH);
  const typed = text.trim() !== '';
  const { data, error, isFetching } = useQuery({
    queryKey: ['globalSearch', q],
    queryFn: async ({ signal }) => (await dataProvider.search<SearchAnswer>({ q, size: SEARCH_SIZE, signal })).data,
    enabled: q !== '',
    staleTime: 30_000,
    // the next key press asks again: no retries behind the user's back
    retry: false,
  });
  const entityName = (route: string, label: string) => translate(resourceNameKey(route), { smart_count: 2, _: label });

  const groups: Group[] = useMemo(
    () =>
      !typed
        ? recent.length > 0
          ? [{ key: 'recent', title: translate('bureau.search.recent'), items: recent }]
          : []
        : q === text.trim() && data
          ? data.groups.map((g) => ({
              key: g.collection,
              title: entityName(g.route, g.label),
              icon: g.icon,
              items: g.items.map((i) => ({
                collection: g.collection,
                route: g.route,
                icon: g.icon,
                id: i.id,
                representation: i.representation,
              })),
            }))
          : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [typed, recent, data, q, text, translate],
  );
  const options = groups.flatMap((g) => g.items);
  useEffect(() => setActive(0), [groups]);
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (item: SearchItem) => {
    setRecent(withRecent(recent, item));
    onClose();
    navigate(showPath(item.route, item.id));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (options.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = options[Math.min(active, options.length - 1)];
      if (item) pick(item);
    }
  };

  const pending = typed && (q !== text.trim() || isFetching);
  const status = !typed
    ? recent.length === 0
      ? translate('bureau.search.no_recent')
      : undefined
    : error
      ? undefined
      : !pending && data && options.length === 0
        ? translate('bureau.search.no_results', { query: q })
        : undefined;
  let index = -1;

  return (
    <>
      <DialogTitle id={titleId} sx={{ pb: 1 }}>
        {translate('bureau.search.title')}
      </DialogTitle>
      <DialogContent sx={{ pt: 0 }}>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('bureau.search.label')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              maxLength: MAX_LENGTH,
              autoComplete: 'off',
              'aria-autocomplete': 'list',
              'aria-expanded': options.length > 0,
              'aria-controls': `${id}-listbox`,
              'aria-activedescendant': options.length > 0 ? optionId(active) : undefined,
            },
          }}
        />
        <Box sx={{ height: 4 }}>
          {pending ? <LinearProgress aria-label={translate('bureau.search.searching')} /> : null}
        </Box>
        {error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate('bureau.search.error')}
          </Alert>
        ) : null}
        {status ? (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {status}
          </Typography>
        ) : null}
        <Box
          component="ul"
          role="listbox"
          id={`${id}-listbox`}
          aria-label={translate(typed ? 'bureau.search.results' : 'bureau.search.recent')}
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: '60vh', overflowY: 'auto' }}
        >
          {groups.map((g) => (
            <Box component="li" role="presentation" key={g.key}>
              <Box
                component="ul"
                role="group"
                aria-labelledby={`${id}-group-${g.key}`}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                <ListSubheader
                  id={`${id}-group-${g.key}`}
                  role="presentation"
                  disableSticky
                  sx={{ lineHeight: '32px' }}
                >
                  {g.key === 'recent' ? (
                    <HistoryIcon fontSize="inherit" sx={{ mr: 1, verticalAlign: 'middle' }} />
                  ) : null}
                  {g.title}
                </ListSubheader>
                {g.items.map((item) => {
                  const i = ++index;
                  const Icon = iconFor?.(item.icon);
                  return (
                    <ListItemButton
                      component="li"
                      role="option"
                      key={`${item.collection}-${item.id}`}
                      id={optionId(i)}
                      aria-selected={i === active}
                      selected={i === active}
                      onMouseEnter={() => setActive(i)}
                      onClick={() => pick(item)}
                      dense
                    >
                      <ListItemIcon sx={{ minWidth: 36 }}>{Icon ? <Icon fontSize="small" /> : null}</ListItemIcon>
                      <ListItemText
                        primary={item.representation}
                        secondary={g.key === 'recent' ? entityName(item.route, item.collection) : undefined}
                      />
                    </ListItemButton>
                  );
                })}
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {translate('bureau.search.hint')}
        </Typography>
      </DialogContent>
    </>
  );
};

/**
 * The app bar's search button and the keyboard shortcuts that open the search dialog: Ctrl+K and
 * Cmd+K anywhere (even in a text field), `/` when focus is not in a text field.
 */
export const GlobalSearch = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const show = () => setOpen(true);
  useHotkeys(['ctrl+k', 'meta+k'], show, { preventDefault: true, enableOnFormTags: true });
  useHotkeys('/', show, { preventDefault: true, useKey: true });
  return (
    <>
      <Tooltip title={translate('bureau.search.open')}>
        <IconButton color="inherit" aria-label={translate('bureau.search.open')} onClick={show}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 8 } } } }}
      >
        {open ? <SearchDialog titleId={titleId} onClose={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
};

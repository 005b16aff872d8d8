/**
 * The Views control of every generated list (rendered by `listToolbar.tsx` beside the filter
 * button): the list's saved views, kept on the server (`schemas/workspace/savedViews.ts`) - the
 * user's own first, then those shared with one of their roles, marked with their owner. Applying
 * one writes its state into the address, where a list's state lives (docs/architecture.md, "A
 * list's state"), and its hidden columns into the column chooser's store; "Save current view"
 * stores the list's filter, sort, order, rows per page and hidden columns under a name, optionally shared with roles; the owner renames, re-shares and deletes their own.
 */
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import SaveIcon from '@mui/icons-material/Save';
import {
  Autocomplete,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Popover,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Confirm,
  useCreate,
  useDelete,
  useGetList,
  useListContext,
  useNotify,
  useTranslate,
  useStore,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { EntitySchema } from '../../../schemas/define';
import { useSpringDataProvider } from '../useAction';
import { listColumnsStoreKey } from '../listQuery';

/** The collection the views are kept in. */
export const SAVED_VIEWS = 'savedViews';

/** A list's state as a view keeps it: the address parameters of react-admin's list. */
export interface ViewParams {
  /** The filter values as JSON text (`{"search":"Aral"}`), as the address carries them. */
  filter?: string | null;
  sort?: string | null;
  order?: 'ASC' | 'DESC' | null;
  perPage?: number | null;
  /** The columns hidden with the column chooser, their sources comma-separated (`phone,email`). */
  hiddenColumns?: string | null;
}

/** A saved view as the API answers it. */
export interface SavedView extends RaRecord {
  name: string;
  resource: string;
  params: ViewParams | null;
  owner: string;
  sharedRoles: Array<{ id: number; name?: string }>;
  mine: boolean;
}

interface RoleOption {
  id: number;
  name: string;
}

/** Every dotted path of a filter object (`{ client: { id: 5 } }` -> `client`, `client.id`). */
const filterPaths = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value).flatMap(([k, v]) => [`${prefix}${k}`, ...filterPaths(v, `${prefix}${k}.`)])
    : [];

/**
 * The address query of a view (`?filter=...&displayedFilters=...&page=1&...`): its filter (and
 * the filter inputs shown for it), sort, order and rows per page, on the first page. A parameter
 * the view lacks is left out, so the list's default applies.
 * @example
 * viewSearch({ filter: '{"search":"Aral"}', sort: 'gname', order: 'ASC', perPage: 50 })
 * // '?filter=%7B%22search%22%3A%22Aral%22%7D&displayedFilters=%7B%22search%22%3Atrue%7D&page=1&sort=gname&order=ASC&perPage=50'
 */
export function viewSearch(params: ViewParams | null): string {
  const filter = params?.filter ?? '{}';
  let values: unknown = {};
  try {
    values = JSON.parse(filter);
  } catch {
    // the server keeps only JSON objects; anything else is shown unfiltered
  }
  const query = new URLSearchParams({
    filter: JSON.stringify(values),
    displayedFilters: JSON.stringify(Object.fromEntries(filterPaths(values).map((p) => [p, true]))),
    page: '1',
  });
  if (params?.sort) query.set('sort', params.sort);
  if (params?.order) query.set('order', params.order);
  if (params?.perPage) query.set('perPage', String(params.perPage));
  return `?${query}`;
}

/**
 * The hidden columns of a view as react-admin's store keeps them (`['phone', 'email']`), from the
 * view's comma-separated text; none for a view that hides none.
 * @example hiddenColumnList('phone,email') // ['phone', 'email']
 */
export const hiddenColumnList = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The list's current state as a view keeps it, with the columns hidden in the list of `route`. */
const useCurrentParams = (route: string): ViewParams => {
  const { filterValues, sort, perPage } = useListContext();
  const [hidden] = useStore<string[]>(listColumnsStoreKey(route), []);
  return {
    filter: JSON.stringify(filterValues ?? {}),
    sort: sort.field,
    order: sort.order,
    perPage,
    hiddenColumns: hidden.length ? hidden.join(',') : null,
  };
};

/**
 * The roles the user may share a view with (the `roles` action of saved views: the roles they
 * hold, every role for an admin; H2-06), loaded once per session.
 */
const useShareRoles = (enabled: boolean) => {
  const dataProvider = useSpringDataProvider();
  return useQuery({
    queryKey: [SAVED_VIEWS, 'roles'],
    queryFn: async ({ signal }) =>
      (await dataProvider.action<RoleOption[]>(SAVED_VIEWS, { name: 'roles', signal })).data,
    enabled,
    staleTime: Infinity,
  });
};

/** The dialog that saves the current view, or renames and re-shares one of the user's own. */
const ViewDialog = ({
  schema,
  view,
  onClose,
}: {
  schema: EntitySchema;
  /** The view edited; absent to save the current state as a new view. */
  view?: SavedView;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const current = useCurrentParams(schema.route);
  const roles = useShareRoles(true);
  const [name, setName] = useState(view?.name ?? '');
  const [shared, setShared] = useState<number[]>(view?.sharedRoles.map((r) => r.id) ?? []);
  const [error, setError] = useState<string | undefined>();
  // the server's refusal of the roles chosen (H2-06: only roles the user holds), shown on the field
  const [rolesError, setRolesError] = useState<string | undefined>();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const options = roles.data ?? [];
  const chosen = shared.map((id) => options.find((r) => r.id === id) ?? { id, name: `#${id}` });
  const done = {
    onSuccess: () => {
      notify(view ? 'bureau.views.updated' : 'bureau.views.saved', { type: 'info' });
      onClose();
    },
    // the data provider's 400 carries `{ errors: { <field>: message } }`; a 409 is the same name
    // twice in this list, so both land on the name; a refusal of the roles lands on the roles
    onError: (e: unknown) => {
      const err = e as { status?: number; message?: string; body?: { errors?: Record<string, unknown> } };
      const nameError = err.body?.errors?.name;
      const sharedError = err.body?.errors?.sharedRoles;
      if (typeof nameError === 'string') setError(nameError);
      else if (typeof sharedError === 'string') setRolesError(sharedError);
      else if (err.status === 409 && err.message) setError(err.message);
      else notify(err.message ?? 'ra.notification.http_error', { type: 'error' });
    },
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return setError(translate('ra.validation.required'));
    const sharedRoles = shared.map((id) => ({ id }));
    if (view)
      update(
        SAVED_VIEWS,
        // PUT replaces the record: the whole view is sent, with the new name and roles
        { id: view.id, data: { ...view, name: name.trim(), sharedRoles }, previousData: view },
        { ...done, mutationMode: 'pessimistic' },
      );
    else
      create(SAVED_VIEWS, { data: { name: name.trim(), resource: schema.route, params: current, sharedRoles } }, done);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {translate(view ? 'bureau.views.edit_title' : 'bureau.views.save_title')}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={translate('bureau.views.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            error={error !== undefined}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Autocomplete
            multiple
            options={options}
            value={chosen}
            loading={roles.isPending}
            getOptionLabel={(r) => r.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, value) => {
              setShared(value.map((r) => r.id));
              setRolesError(undefined);
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                margin="dense"
                label={translate('bureau.views.share_with')}
                error={rolesError !== undefined}
                helperText={rolesError ?? translate('bureau.views.share_help')}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton type="submit" variant="contained" startIcon={<SaveIcon />} disabled={creating || updating}>
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** One view of the panel: a button that applies it; the owner's own have edit and delete buttons. */
const ViewItem = ({
  view,
  onApply,
  onEdit,
  onDelete,
  autoFocus,
}: {
  view: SavedView;
  /** Takes the focus when the panel opens (the first view). */
  autoFocus?: boolean;
  onApply: (view: SavedView) => void;
  onEdit: (view: SavedView) => void;
  onDelete: (view: SavedView) => void;
}) => {
  const translate = useTranslate();
  return (
    <ListItem
      disablePadding
      secondaryAction={
        view.mine ? (
          <>
            <IconButton
              size="small"
              aria-label={translate('bureau.views.edit', { name: view.name })}
              onClick={() => onEdit(view)}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              edge="end"
              aria-label={translate('bureau.views.delete', { name: view.name })}
              onClick={() => onDelete(view)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </>
        ) : undefined
      }
    >
      <ListItemButton autoFocus={autoFocus} onClick={() => onApply(view)} sx={{ pr: view.mine ? 11 : 2 }}>
        {!view.mine && (
          <ListItemIcon sx={{ minWidth: 32 }} aria-hidden>
            <GroupIcon fontSize="small" />
          </ListItemIcon>
        )}
        <ListItemText
          primary={view.name}
          secondary={view.mine ? undefined : translate('bureau.views.shared_by', { owner: view.owner })}
        />
      </ListItemButton>
    </ListItem>
  );
};

/**
 * The Views button and its panel for the list of `schema` (inside the list's context): the
 * views of this list, mine then shared with me; a click applies one; "Save current view" opens
 * the save dialog. Texts `bureau.views.*`.
 */
export function SavedViewsButton({ schema }: { schema: EntitySchema }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const panelId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<{ view?: SavedView } | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const [remove, { isPending: removing }] = useDelete();
  const { data = [], isPending } = useGetList<SavedView>(
    SAVED_VIEWS,
    {
      filter: { resource: schema.route },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: anchor !== null },
  );
  const mine = data.filter((v) => v.mine);
  const shared = data.filter((v) => !v.mine);
  const close = () => setAnchor(null);
  const [, setHidden] = useStore<string[]>(listColumnsStoreKey(schema.route), []);
  const apply = (view: SavedView) => {
    close();
    // a view is the whole list state: its hidden columns too (none hidden when it hides none)
    setHidden(hiddenColumnList(view.params?.hiddenColumns));
    navigate({ pathname, search: viewSearch(view.params) });
  };
  const first = [...mine, ...shared][0];
  const item = (view: SavedView) => (
    <ViewItem
      key={view.id}
      view={view}
      autoFocus={view === first}
      onApply={apply}
      onEdit={(v) => {
        close();
        setDialog({ view: v });
      }}
      onDelete={(v) => {
        close();
        setDeleting(v);
      }}
    />
  );
  return (
    <>
      <Button
        label="bureau.views.button"
        aria-haspopup="true"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? panelId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <BookmarkBorderIcon />
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <List id={panelId} dense sx={{ minWidth: 280, maxWidth: 400 }} aria-label={translate('bureau.views.title')}>
          {isPending ? (
            <ListItem>
              <ListItemText secondary={translate('ra.page.loading')} />
            </ListItem>
          ) : data.length === 0 ? (
            <ListItem>
              <Typography variant="body2" color="text.secondary" role="status">
                {translate('bureau.views.empty')}
              </Typography>
            </ListItem>
          ) : null}
          {mine.length > 0 && <ListSubheader disableSticky>{translate('bureau.views.mine')}</ListSubheader>}
          {mine.map(item)}
          {shared.length > 0 && <ListSubheader disableSticky>{translate('bureau.views.shared')}</ListSubheader>}
          {shared.map(item)}
          <Divider component="li" />
          <ListItem disablePadding>
            <ListItemButton
              autoFocus={first === undefined}
              onClick={() => {
                close();
                setDialog({});
              }}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <SaveIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={translate('bureau.views.save')} />
            </ListItemButton>
          </ListItem>
        </List>
      </Popover>
      {dialog && <ViewDialog schema={schema} view={dialog.view} onClose={() => setDialog(null)} />}
      <Confirm
        isOpen={deleting !== null}
        loading={removing}
        title="bureau.views.delete_title"
        content="bureau.views.delete_content"
        translateOptions={{ name: deleting?.name ?? '' }}
        onConfirm={() =>
          deleting &&
          remove(
            SAVED_VIEWS,
            { id: deleting.id, previousData: deleting },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                notify('bureau.views.deleted', { type: 'info' });
                setDeleting(null);
              },
              onError: (e) => notify((e as Error).message, { type: 'error' }),
            },
          )
        }
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/**
 * The bulk action bar of a generated list, for the rows selected: "Change status" (the moves
 * `schemas/statuses.ts` allows from the selected records' statuses, with the comment a move
 * needs), one "Set <field>" per field of the schema's `bulk.fields` (a dialog with the field's
 * generated input), and delete. Status and field changes go in one `POST <collection>/bulk`
 * (the data provider's `bulkChange`), where each record is judged as its own request: the user
 * sees "N updated, M refused", the refusals with their reasons, the list refreshed and the
 * selection narrowed to the refused records.
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import {
  Button,
  Form,
  SaveButton,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import type { BulkChangeParams, BulkItemResult, SpringDataProvider } from '../../../dataProvider/index';
import { fieldLabel } from '../schemaUtils';
import { useResourceAccess } from '../access';
import { inputFor } from '../inputs';
import { useStatusEntries } from '../status/hooks';
import { currentEntry, movesFrom } from '../status/rules';
import { CommentDialog } from '../../widgets/CommentDialog';

/** A target status the selection may be moved to, and whether a move there needs a comment. */
export interface BulkMove {
  code: number;
  comment: boolean;
}

/**
 * The moves offered for a selection: every target some selected record's status may move to for
 * this user (a record that cannot take it is refused by the server and reported), in the order
 * first met; a comment is asked when any of those transitions requires one.
 * @example
 * bulkMoves(leads, [{ dealStage: { code: 1 } }, { dealStage: { code: 2 } }], canAccess)
 * // [{ code: 2, comment: true }, { code: 3, comment: true }, { code: 4, comment: true }, ...]
 */
export function bulkMoves(
  schema: EntitySchema,
  records: readonly RaRecord[],
  canAccess: (action: string, resource: string) => boolean,
): BulkMove[] {
  const byCode = new Map<number, BulkMove>();
  const codes = new Set(records.map((r) => currentEntry(schema, r)?.code).filter((c) => c !== undefined));
  for (const code of codes)
    for (const move of movesFrom(schema, code, canAccess)) {
      const known = byCode.get(move.code);
      const comment = move.transition.comment === 'required';
      byCode.set(move.code, { code: move.code, comment: (known?.comment ?? false) || comment });
    }
  return [...byCode.values()];
}

/** Runs a bulk change over the selection and reports it (notification, refusals, refresh, selection). */
function useBulkRun(schema: EntitySchema) {
  const dataProvider = useDataProvider() as unknown as SpringDataProvider;
  const { selectedIds, onSelect } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [running, setRunning] = useState(false);
  const [refused, setRefused] = useState<Array<Extract<BulkItemResult, { ok: false }>>>([]);
  const run = async (change: Omit<BulkChangeParams, 'ids'>) => {
    setRunning(true);
    try {
      const result = await dataProvider.bulkChange(schema.route, { ...change, ids: selectedIds });
      const refusals = result.results.filter((r): r is Extract<BulkItemResult, { ok: false }> => !r.ok);
      notify('bureau.bulk.done', {
        type: refusals.length ? 'warning' : 'success',
        messageArgs: { ok: result.ok, refused: result.refused },
      });
      setRefused(refusals);
      onSelect(refusals.map((r) => r.id));
      refresh();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  const dialogs: ReactNode = (
    <>
      <Dialog open={running} aria-busy="true">
        <DialogContent>
          <Typography gutterBottom>{translate('bureau.bulk.running', { count: selectedIds.length })}</Typography>
          <LinearProgress />
        </DialogContent>
      </Dialog>
      <Dialog open={refused.length > 0} onClose={() => setRefused([])} aria-labelledby="bulk-refused-title">
        <DialogTitle id="bulk-refused-title">{translate('bureau.bulk.refused_title')}</DialogTitle>
        <DialogContent>
          <List dense>
            {refused.map((r) => (
              <ListItem key={r.id} disableGutters>
                <ListItemText
                  primary={translate('bureau.bulk.refused_item', { id: r.id, message: r.message })}
                  secondary={r.errors?.map((e) => `${e.property}: ${e.message}`).join('; ')}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setRefused([])}>{translate('bureau.bulk.close')}</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
  return { run, running, dialogs, count: selectedIds.length };
}

/** "Change status": a menu of the moves allowed from the selected records' statuses, then the comment. */
export const BulkStatusButton = ({ schema }: { schema: EntitySchema }) => {
  const translate = useTranslate();
  const canAccess = useResourceAccess();
  const { data, selectedIds } = useListContext();
  const entries = useStatusEntries(schema);
  const { run, running, dialogs, count } = useBulkRun(schema);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [chosen, setChosen] = useState<BulkMove | undefined>();
  const moves = useMemo(
    () =>
      bulkMoves(
        schema,
        (data ?? []).filter((r: RaRecord) => selectedIds.includes(r.id)),
        canAccess,
      ),
    [schema, data, selectedIds, canAccess],
  );
  const name = (code: number) => entries.get(code)?.gname ?? String(code);
  return (
    <>
      <Button
        label="bureau.bulk.change_status"
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={running}
        aria-haspopup="menu"
      />
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {moves.length === 0 && <MenuItem disabled>{translate('bureau.bulk.no_move')}</MenuItem>}
        {moves.map((m) => (
          <MenuItem
            key={m.code}
            onClick={() => {
              setAnchor(null);
              setChosen(m);
            }}
          >
            {name(m.code)}
          </MenuItem>
        ))}
      </Menu>
      {chosen && (
        <CommentDialog
          title={translate('bureau.bulk.move_title', { count, target: name(chosen.code) })}
          required={chosen.comment}
          requiredHint={translate('bureau.bulk.comment_required')}
          confirmLabel={translate('bureau.bulk.move')}
          onCancel={() => setChosen(undefined)}
          onConfirm={async (comment) => {
            setChosen(undefined);
            await run({ transition: { to: chosen.code, comment } });
          }}
        />
      )}
      {dialogs}
    </>
  );
};

/** "Set <field>": a dialog with the field's generated input; Apply sets it on every selected record. */
export const BulkSetButton = ({ schema, field }: { schema: EntitySchema; field: string }) => {
  const translate = useTranslate();
  const fd = schema.fields[field]!;
  const label = fieldLabel(translate, schema.route, field, fd);
  const { run, running, dialogs, count } = useBulkRun(schema);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        label={translate('bureau.bulk.set_field', { field: label })}
        onClick={() => setOpen(true)}
        disabled={running}
      />
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={`bulk-set-${field}`}>
        <Form
          record={{}}
          onSubmit={async (values: Record<string, unknown>) => {
            setOpen(false);
            await run({ patch: { [field]: values[field] ?? null } });
          }}
        >
          <DialogTitle id={`bulk-set-${field}`}>
            {translate('bureau.bulk.set_title', { field: label, count })}
          </DialogTitle>
          <DialogContent>{inputFor(field, fd)}</DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('bureau.bulk.cancel')}</MuiButton>
            <SaveButton label="bureau.bulk.apply" alwaysEnable icon={<></>} />
          </DialogActions>
        </Form>
      </Dialog>
      {dialogs}
    </>
  );
};

/**
 * The board of a declared status (`status.board` in `schemas/define.ts`) at `/<route>/board`: one
 * column per status with its records as cards, and drop-only columns for closing statuses. A card
 * is dragged (pointer or keyboard: Space to lift, arrows to move, Space to drop) onto another
 * column; while it is dragged, the columns it may not go to are dimmed and refuse it. A drop asks
 * the move's comment in the dialog; Cancel writes nothing. The server judges the move as any
 * other, and a refusal shows its message.
 */
import { Box, Card, CardActionArea, CardContent, Chip, Paper, Stack, Typography } from '@mui/material';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useState } from 'react';
import { Title, useGetList, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { EntitySchema } from '../../../schemas/define';
import { resourceNameKey } from '../../i18n/keys';
import { statusFieldLabel } from '../schemaUtils';
import { useResourceAccess } from '../access';
import { formatValue } from '../fieldTypes/display';
import { representRecord } from '../format';
import { showPath } from '../paths';
import { useStatusEntries } from './hooks';
import { MoveDialog } from './MoveDialog';
import { currentEntry, movesFrom, type StatusMove } from './rules';
import { BoardSwitch } from './BoardSwitch';

/** Cards loaded per column; the column's header says how many more there are. */
export const BOARD_COLUMN_SIZE = 50;

interface Pending {
  record: RaRecord;
  move: StatusMove;
}

const BoardCard = ({ schema, record }: { schema: EntitySchema; record: RaRecord }) => {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: String(record.id),
    data: { record },
  });
  const fields = schema.status?.board?.fields ?? [];
  const title = representRecord(schema.recordRepresentation, record) || `#${record.id}`;
  return (
    <Card
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      aria-label={title}
      data-testid={`board-card-${record.id}`}
      variant="outlined"
      sx={{
        cursor: 'grab',
        touchAction: 'none',
        opacity: isDragging ? 0.6 : 1,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
      }}
    >
      <CardActionArea component={Link} to={showPath(schema.route, record.id)} tabIndex={-1}>
        <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
          {fields.map((n) => {
            const text = formatValue(schema.fields[n]!, record[n]);
            return text ? (
              <Typography key={n} variant="caption" component="div" color="text.secondary">
                {text}
              </Typography>
            ) : null;
          })}
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

interface ColumnProps {
  schema: EntitySchema;
  code: number;
  name: string;
  /** Whether the column lists its records (false: a drop target only). */
  lists: boolean;
  /** While a card is dragged: whether this column may take it; undefined when nothing is dragged. */
  accepts: boolean | undefined;
  /** Bumped after a move, so every column reloads. */
  version: number;
}

const Column = ({ schema, code, name, lists, accepts }: ColumnProps) => {
  const translate = useTranslate();
  const field = schema.status!.field;
  const { setNodeRef, isOver } = useDroppable({ id: `column-${code}`, data: { code }, disabled: accepts === false });
  const [sortField = 'lastModifiedDate', order = 'desc'] = schema.defaultSort[0] ?? [];
  const { data, total, isPending, error } = useGetList(
    schema.route,
    {
      filter: { [`${field}.code`]: code },
      pagination: { page: 1, perPage: BOARD_COLUMN_SIZE },
      sort: { field: sortField, order: order === 'asc' ? 'ASC' : 'DESC' },
      meta: { projection: schema.list?.projection ?? schema.defaultProjection },
    },
    { enabled: lists },
  );
  const more = total !== undefined && data ? total - data.length : 0;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={name}
      aria-disabled={accepts === false || undefined}
      data-testid={`board-column-${code}`}
      variant="outlined"
      sx={{
        flex: '0 0 240px',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: 1,
        minHeight: 240,
        bgcolor: isOver && accepts ? 'action.selected' : lists ? 'background.default' : 'action.hover',
        opacity: accepts === false ? 0.35 : 1,
        borderStyle: lists ? 'solid' : 'dashed',
        borderColor: accepts ? 'primary.main' : undefined,
        transition: 'opacity 120ms',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h2">
          {name}
        </Typography>
        {lists && <Chip size="small" label={total ?? '…'} aria-label={`${total ?? 0} records`} />}
      </Stack>
      {!lists && (
        <Typography variant="caption" color="text.secondary">
          {translate('bureau.board.drop_here')}
        </Typography>
      )}
      {lists && error && (
        <Typography variant="caption" color="error">
          {(error as Error).message || translate('bureau.board.load_failed')}
        </Typography>
      )}
      {lists && !isPending && !error && data?.length === 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('bureau.ui.board_empty')}
        </Typography>
      )}
      {data?.map((r) => (
        <BoardCard key={r.id} schema={schema} record={r} />
      ))}
      {more > 0 && (
        <Typography variant="caption" color="text.secondary">
          {`${more} more in the list`}
        </Typography>
      )}
    </Paper>
  );
};

/** The board page of `schema` (which declares `status.board`). */
export const StatusBoard = ({ schema }: { schema: EntitySchema }) => {
  const canAccess = useResourceAccess();
  const entries = useStatusEntries(schema);
  const refresh = useRefresh();
  const translate = useTranslate();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const [dragged, setDragged] = useState<RaRecord | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const [version, setVersion] = useState(0);
  const board = schema.status?.board;
  if (!board) return null;
  const nameOf = (code: number) => entries.get(code)?.gname ?? String(code);
  const movesOf = (record: RaRecord) => movesFrom(schema, currentEntry(schema, record)?.code, canAccess);
  const allowed = dragged ? new Set(movesOf(dragged).map((m) => m.code)) : undefined;
  const onDragStart = (e: DragStartEvent) => setDragged(e.active.data.current?.record as RaRecord | undefined);
  const onDragEnd = (e: DragEndEvent) => {
    const record = e.active.data.current?.record as RaRecord | undefined;
    setDragged(undefined);
    const code = e.over?.data.current?.code as number | undefined;
    if (!record || code === undefined) return;
    const move = movesOf(record).find((m) => m.code === code);
    if (move) setPending({ record, move });
  };
  const label = statusFieldLabel(translate, schema);
  const name = translate(resourceNameKey(schema.route), { smart_count: 2, _: schema.label });
  const column = (code: number, lists: boolean) => (
    <Column
      key={`${code}-${version}`}
      schema={schema}
      code={code}
      name={nameOf(code)}
      lists={lists}
      accepts={allowed ? allowed.has(code) : undefined}
      version={version}
    />
  );
  return (
    <Box sx={{ pt: 1 }}>
      <Title title={translate('bureau.ui.board_title', { name })} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('bureau.ui.board_hint', { field: label.toLowerCase() })}
        </Typography>
        <BoardSwitch schema={schema} current="board" />
      </Stack>
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(undefined)}
        accessibility={{
          screenReaderInstructions: {
            draggable: translate('bureau.ui.board_instructions'),
          },
        }}
      >
        <Box
          role="region"
          aria-label={translate('bureau.ui.board_region', { name })}
          sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 2, alignItems: 'stretch' }}
        >
          {board.columns.map((c) => column(c, true))}
          {(board.targets ?? []).map((c) => column(c, false))}
        </Box>
      </DndContext>
      {pending && (
        <MoveDialog
          schema={schema}
          record={pending.record}
          move={pending.move}
          lock={false}
          target={nameOf(pending.move.code)}
          onClose={() => {
            setPending(undefined);
            setVersion((v) => v + 1);
          }}
          onMoved={() => {
            setPending(undefined);
            setVersion((v) => v + 1);
            refresh();
          }}
        />
      )}
    </Box>
  );
};

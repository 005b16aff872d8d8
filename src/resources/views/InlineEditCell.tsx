/**
 * A list cell whose field the user edits in place (`list.inlineEdit` in the schema): the cell's
 * usual content, focusable, with a small edit button. Enter or F2 on the focused cell, or the
 * button, opens the field's generated input and puts the focus in it; Enter (or Save) sends a PATCH
 * of that field alone with the row's version as If-Match (the data provider's `patch`) and returns
 * the focus to the cell, Escape (or Cancel) closes it unsaved and returns the focus to the cell.
 * Tab saves the cell (a PATCH only when the value changed) and opens the next inline cell of the
 * table in reading order (the row's next one, else the next row's first); Shift+Tab does the same
 * backwards. Past the table's last (first) inline cell the focus moves on to what Tab (Shift+Tab)
 * reaches next on the page. A refusal is shown at the cell (a stale row gets the usual "changed by
 * someone else"), which stays open with the focus in it. The cells find each other through the
 * table's DOM: each closed cell is `[data-inline-edit]`, each open one `[data-inline-editor]`, and a
 * closed cell is opened by the Enter it already handles. Clicks and keys inside the cell stay there:
 * the rest of the row still opens the card.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Box, IconButton, LinearProgress, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useDataProvider, useNotify, useRefresh, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import type { Field } from '../../../schemas/define';
import type { SpringDataProvider } from '../../../dataProvider/index';
import { fieldLabel } from '../schemaUtils';

type EditorComponent = typeof import('./InlineEditForm').InlineEditForm;
/**
 * The open cell's form (react-admin's form, the generated input with every widget): loaded once
 * the first inline cell is on screen, not in the first load.
 */
let loadedEditor: EditorComponent | undefined;
let editorLoading: Promise<EditorComponent> | undefined;
/** Loads the open cell's form once (the cells call it when they mount; tests before rendering). */
export const loadInlineEditor = (): Promise<EditorComponent> =>
  (editorLoading ??= import('./InlineEditForm').then((m) => (loadedEditor = m.InlineEditForm)));

export interface InlineEditCellProps {
  record: RaRecord;
  /** The field's name (a list column of the schema's `list.inlineEdit`). */
  name: string;
  field: Field;
  /** What the cell shows when not editing. */
  children: ReactNode;
}

const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();

/** The message a refused save shows at the cell: the field's own error when the server named it. */
export function inlineErrorText(error: unknown, name: string): string {
  const e = error as { message?: string; body?: { errors?: Record<string, unknown> } } | undefined;
  const own = e?.body?.errors?.[name];
  return typeof own === 'string' ? own : e?.message || 'ra.notification.http_error';
}

/** What Tab may stop at (positive tabindex orders aside). */
const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The element Tab (Shift+Tab when `back`) reaches from the whole of `from`, if any on the page. */
function tabBeside(from: HTMLElement, back: boolean): HTMLElement | undefined {
  const side = back ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING;
  const reachable = Array.from(from.ownerDocument.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !from.contains(el) &&
      from.compareDocumentPosition(el) & side &&
      !el.matches(':disabled, [type="hidden"]') &&
      !el.closest('[hidden], [inert], [aria-hidden="true"]'),
  );
  return back ? reachable.at(-1) : reachable[0];
}

/** The inline cell (closed or open) after `from` in its table's reading order, before it when `back`. */
function cellBeside(from: HTMLElement, back: boolean): HTMLElement | undefined {
  const cells = Array.from(
    from.closest('table')?.querySelectorAll<HTMLElement>('[data-inline-edit], [data-inline-editor]') ?? [],
  );
  const at = cells.indexOf(from);
  return at < 0 ? undefined : cells[back ? at - 1 : at + 1];
}

/** Puts the focus in an open cell: its input, else the cell itself. */
function focusEditor(editor: HTMLElement) {
  (editor.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ?? editor).focus();
}

export const InlineEditCell = ({ record, name, field, children }: InlineEditCellProps) => {
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider() as unknown as SpringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [editing, setEditing] = useState(false);
  const [Editor, setEditor] = useState<EditorComponent | undefined>(() => loadedEditor);
  useEffect(() => {
    if (Editor) return;
    let live = true;
    void loadInlineEditor().then((component) => live && setEditor(() => component));
    return () => {
      live = false;
    };
  }, [Editor]);
  const [error, setError] = useState<string | undefined>();
  const cellRef = useRef<HTMLElement>(null);
  const editorRef = useRef<HTMLElement>(null);
  // whether closing returns the focus to the cell (not when it moves on to another one)
  const refocus = useRef(false);
  useEffect(() => {
    if (editing && editorRef.current && Editor) focusEditor(editorRef.current);
    else if (!editing && refocus.current) {
      refocus.current = false;
      cellRef.current?.focus();
    }
  }, [editing, Editor]);
  const label = fieldLabel(translate, resource, name, field);
  const open = () => {
    setError(undefined);
    setEditing(true);
  };
  const close = (focusCell: boolean) => {
    refocus.current = focusCell;
    setEditing(false);
  };
  /** Sends the field alone; false when refused (the refusal then shows at the cell). */
  const patch = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.patch(resource, {
        id: record.id,
        data: { [name]: values[name] ?? null },
        previousData: record,
      });
      notify('bureau.inline.saved', { type: 'success' });
      refresh();
      return true;
    } catch (e) {
      setError(inlineErrorText(e, name));
      return false;
    }
  };
  const save = async (values: Record<string, unknown>) => {
    if (await patch(values)) close(true);
  };
  /**
   * Tab: saves when the value differs from the row's (compared with the record, not the form's dirty
   * state, which a reset of the form under the user's typing clears), then opens the next inline
   * cell, or lets the focus move on past the last.
   */
  const saveAndMove = async (values: Record<string, unknown>, back: boolean) => {
    const changed = JSON.stringify(values[name] ?? null) !== JSON.stringify(record[name] ?? null);
    if (changed && !(await patch(values))) return;
    const editor = editorRef.current;
    const next = editor ? cellBeside(editor, back) : undefined;
    const beyond = editor && !next ? tabBeside(editor, back) : undefined;
    close(!next && !beyond);
    if (next?.hasAttribute('data-inline-edit'))
      next.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    else if (next) focusEditor(next);
    else beyond?.focus();
  };
  if (!editing)
    return (
      <Box
        component="span"
        ref={cellRef}
        tabIndex={0}
        data-inline-edit={name}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key !== 'Enter' && e.key !== 'F2') return;
          e.preventDefault();
          e.stopPropagation();
          open();
        }}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, '&:focus-visible': { outline: 2 } }}
      >
        {children}
        <Tooltip title={translate('bureau.inline.edit', { field: label })}>
          <IconButton
            size="small"
            tabIndex={-1}
            aria-label={translate('bureau.inline.edit', { field: label })}
            onClick={(e) => {
              e.stopPropagation();
              open();
            }}
            sx={{ opacity: 0.5, '&:hover': { opacity: 1 } }}
          >
            <EditIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
      </Box>
    );
  return (
    <Box
      ref={editorRef}
      tabIndex={-1}
      onClick={stop}
      data-inline-editor={name}
      onKeyDown={(e: KeyboardEvent) => {
        e.stopPropagation();
        if (e.key === 'Escape') {
          e.preventDefault();
          close(true);
        }
      }}
      sx={{ minWidth: 180, '&:focus': { outline: 'none' } }}
    >
      {Editor ? (
        <Editor
          record={record}
          name={name}
          field={field}
          error={error}
          onSave={save}
          onTab={saveAndMove}
          onCancel={() => close(true)}
        />
      ) : (
        <LinearProgress aria-label={label} />
      )}
    </Box>
  );
};

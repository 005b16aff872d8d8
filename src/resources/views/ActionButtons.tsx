/**
 * The buttons of a schema's declared actions (`button` of `EntityAction`, schemas/define.ts):
 * rendered by the generic card (`place="show"`, with the card's record) and the generic list's
 * toolbar (`place="list"`, collection actions only). A button shows when the user holds the
 * action's privilege (as react-admin's `canAccess`) and the record meets its `when`; it asks its
 * `confirm` question first, calls `dataProvider.action` through `useAction`, and says its
 * `success`. One call at a time: while one runs every button of the group is disabled and the
 * clicked one shows a spinner. The server still decides, and a refusal is notified.
 */
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate, type RaRecord } from 'react-admin';
import {
  recordMatches,
  valueAt,
  type Action,
  type ActionButton,
  type EntityAction,
  type EntitySchema,
} from '../../../schemas/define';
import { useResourceAccess } from '../access';
import { useAction, useScreenText } from '../useAction';

/** react-admin's access verb for an action's privilege (`update` -> `edit`). */
const RA_ACCESS: Record<Action, string> = { view: 'show', create: 'create', update: 'edit', delete: 'delete' };

/** The declared buttons of a schema for a place, in declaration order. */
export function declaredButtons(
  schema: EntitySchema,
  place: 'show' | 'list',
): Array<{ name: string; action: EntityAction; button: ActionButton }> {
  return Object.entries(schema.actions ?? {}).flatMap(([name, action]) => {
    const button = action.button;
    if (!button || !(button.on ?? ['show']).includes(place)) return [];
    // a list has no record: only a collection action that needs none of its fields fits there
    if (place === 'list' && (action.level === 'item' || button.fromRecord)) return [];
    return [{ name, action, button }];
  });
}

/** The call's parameters for a button on a record: its id (item action) and its `fromRecord` fields. */
export const buttonParams = (name: string, action: EntityAction, button: ActionButton, record?: RaRecord) => ({
  name,
  ...(action.level === 'item' && record ? { id: record.id } : {}),
  ...(button.method ? { method: button.method } : {}),
  ...(button.fromRecord
    ? {
        data: Object.fromEntries(
          Object.entries(button.fromRecord).map(([field, path]) => [field, valueAt(record, path)]),
        ),
      }
    : {}),
});

export interface ActionButtonsProps {
  schema: EntitySchema;
  place: 'show' | 'list';
  /** The card's record (`show`). */
  record?: RaRecord;
}

/**
 * The declared action buttons of `schema` for `place`; nothing when none applies.
 * @example
 * <ActionButtons schema={invoices} place="show" record={record} />
 */
export function ActionButtons({ schema, place, record }: ActionButtonsProps) {
  const canAccess = useResourceAccess();
  const translate = useTranslate();
  const screenText = useScreenText();
  const { run, busy, pending } = useAction(schema.route);
  const [asking, setAsking] = useState<string | null>(null);
  const buttons = declaredButtons(schema, place).filter(
    ({ action, button }) =>
      (!action.access.privilege || canAccess(RA_ACCESS[action.access.privilege], schema.route)) &&
      (place === 'list' || recordMatches(button.when, record)),
  );
  if (buttons.length === 0) return null;
  const text = (t: ActionButton['label']) => {
    const s = screenText(t);
    return translate(s, { _: s });
  };
  const call = (name: string) => {
    const found = buttons.find((b) => b.name === name);
    if (!found) return;
    const { action, button } = found;
    void run(buttonParams(name, action, button, record), {
      success: button.success,
      ...(button.failure ? { failure: button.failure } : {}),
    });
  };
  const asked = buttons.find((b) => b.name === asking);
  return (
    <Stack direction="row" spacing={1}>
      {buttons.map(({ name, button }) => (
        <Button
          key={name}
          size="small"
          disabled={busy}
          loading={pending === name}
          onClick={() => (button.confirm ? setAsking(name) : call(name))}
        >
          {text(button.label)}
        </Button>
      ))}
      {asked?.button.confirm && (
        <Confirm
          isOpen
          title={text(asked.button.label)}
          content={text(asked.button.confirm)}
          onConfirm={() => {
            setAsking(null);
            call(asked.name);
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </Stack>
  );
}

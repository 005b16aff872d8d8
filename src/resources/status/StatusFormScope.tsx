/**
 * The status rules inside a generated form. `StatusFormScope` tells the inputs below it which
 * schema and stored status they edit; `useStatusInput(name, field)` (called by every generated
 * input) answers what the rules make of one input:
 * - the status field itself is never a free dropdown: on create it is left out (the server sets
 *   the initial status), on edit it offers the current status and the moves the user may take,
 *   with a comment input when the move needs one and the schema lets a write carry it
 *   (`status.patch`);
 * - a field read-only in the stored status is locked (read-only), with a hint naming the status.
 */
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { FormDataConsumer, required, SelectInput, TextInput, useTranslate, type RaRecord } from 'react-admin';
import type { EntitySchema, Field } from '../../../schemas/define';
import { statusFieldLabel } from '../schemaUtils';
import { readOnlyIn } from '../../../schemas/statuses';
import { useResourceAccess } from '../access';
import { useStatusEntries } from './hooks';
import { currentEntry, movesFrom, type StatusEntry } from './rules';

interface StatusFormState {
  schema: EntitySchema;
  mode: 'create' | 'edit';
  /** The status as stored (the record the form loaded), when it carries its code. */
  current?: StatusEntry;
  /** The stored status's id and name as loaded, even without a code: always one of the choices. */
  stored?: { id: number; gname?: string };
}

/** The stored reference of the status field, when it has an id. */
const storedOf = (schema: EntitySchema, record?: Partial<RaRecord>): StatusFormState['stored'] => {
  const v = record?.[schema.status!.field] as { id?: unknown; gname?: unknown } | null | undefined;
  return v && typeof v.id === 'number'
    ? { id: v.id, gname: typeof v.gname === 'string' ? v.gname : undefined }
    : undefined;
};

const StatusFormContext = createContext<StatusFormState | undefined>(undefined);

/** Scopes the status rules of `schema` over a form; a schema without a status passes through. */
export const StatusFormScope = ({
  schema,
  mode,
  record,
  children,
}: {
  schema: EntitySchema;
  mode: 'create' | 'edit';
  record?: Partial<RaRecord>;
  children: ReactNode;
}) =>
  schema.status ? (
    <StatusFormContext.Provider
      value={{ schema, mode, current: currentEntry(schema, record), stored: storedOf(schema, record) }}
    >
      {children}
    </StatusFormContext.Provider>
  ) : (
    <>{children}</>
  );

/** What the status rules make of one input. */
export interface StatusInputRule {
  /** Render this instead of the generated input (null: nothing). */
  replace?: ReactElement | null;
  /** Lock the input (shown disabled, value still submitted), showing `hint`. */
  locked?: boolean;
  hint?: string;
}

/** The status rule of the input `name` (a top-level field of the scoped schema), or undefined. */
export function useStatusInput(name: string, field: Field): StatusInputRule | undefined {
  const scope = useContext(StatusFormContext);
  const translate = useTranslate();
  if (!scope || scope.schema.fields[name] !== field) return undefined;
  const { schema, mode, current, stored } = scope;
  const status = schema.status!;
  if (name === status.field)
    return { replace: mode === 'create' ? null : <StatusSelect schema={schema} current={current} stored={stored} /> };
  if (mode === 'edit' && current && readOnlyIn(status, current.code).includes(name))
    return {
      locked: true,
      hint: translate('bureau.ui.status_locked', {
        field: statusFieldLabel(translate, schema).toLowerCase(),
        status: current.gname,
      }),
    };
  return undefined;
}

/** The status input of an edit form: the stored status and the allowed moves only. */
const StatusSelect = ({ schema, current, stored }: Pick<StatusFormState, 'schema' | 'current' | 'stored'>) => {
  const canAccess = useResourceAccess();
  const entries = useStatusEntries(schema);
  const status = schema.status!;
  const commentProperty = status.patch?.comment;
  const loaded = [...entries.values()].find((e) => e.id === stored?.id);
  // a move that needs a comment is offered only when the write can carry one
  const moves = movesFrom(schema, current?.code ?? loaded?.code, canAccess).filter(
    (m) => m.transition.comment !== 'required' || commentProperty,
  );
  // the stored value is always a choice, so the select never drops it
  const storedChoice = stored && { id: stored.id, gname: stored.gname ?? loaded?.gname ?? `#${stored.id}` };
  const choices = [storedChoice, ...moves.map((m) => entries.get(m.code))].filter(
    (e): e is { id: number; gname: string } => Boolean(e),
  );
  const needsComment = new Set(
    moves.filter((m) => m.transition.comment === 'required').map((m) => entries.get(m.code)?.id),
  );
  const translate = useTranslate();
  const label = statusFieldLabel(translate, schema);
  return (
    <>
      <SelectInput
        source={`${status.field}.id`}
        label={label}
        choices={choices}
        optionText="gname"
        optionValue="id"
        validate={required()}
        helperText={moves.length ? 'bureau.board.moves_allowed' : 'bureau.board.no_move'}
        // read-only, not disabled: a disabled input's value is left out of the submitted record
        readOnly={moves.length === 0}
      />
      {commentProperty && (
        <FormDataConsumer>
          {({ formData }) => {
            const chosen = (formData?.[status.field] as { id?: number } | undefined)?.id;
            if (chosen === undefined || chosen === stored?.id) return null;
            const mandatory = needsComment.has(chosen);
            return (
              <TextInput
                source={commentProperty}
                label={translate('bureau.ui.status_comment', { field: label.toLowerCase() })}
                multiline
                validate={mandatory ? [required()] : []}
                inputProps={{ maxLength: 1000 }}
              />
            );
          }}
        </FormDataConsumer>
      )}
    </>
  );
};

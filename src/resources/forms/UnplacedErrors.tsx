/**
 * The server's refusals a form cannot show at a field: a 400 `Validation failed` whose error names
 * a schema field without an input in this form (the parent a related tab fixes, a read-only or
 * hidden field) or no field at all (`root.serverError`). The form's own checks and errors at
 * names outside the schema (a bespoke input such as a password confirmation) stay at their inputs. react-admin puts each error at its field; with no
 * input there, the user would only read "The form is not valid". This lists them above the
 * fields, each with its field's label, in an alert a screen reader announces.
 */
import { Alert } from '@mui/material';
import { useFormState, type FieldErrors } from 'react-hook-form';
import type { EntitySchema } from '../../../schemas/define';
import { editableFields, labelOf } from '../schemaUtils';

interface Unplaced {
  path: string;
  message: string;
  /** react-hook-form's error type: `server` for the answer of a save. */
  type?: unknown;
}

/** Every error message in the form's error tree with its dotted path. */
const leaves = (errors: FieldErrors, prefix = ''): Unplaced[] =>
  Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const { message, type } = value as { message?: unknown; type?: unknown };
    if (typeof message === 'string' && message) return [{ path, message, type }];
    return leaves(value as FieldErrors, path);
  });

/**
 * The server errors of `errors` (`type: 'server'`) at `root` or at a schema field that has no
 * input among `shown`, in words: `Position: is not active`.
 *
 * @example
 * unplacedErrors(positionFunds, { position: { type: 'server', message: 'is not active' } }, new Set(['put']))
 * // ['Position: is not active']
 */
export const unplacedErrors = (schema: EntitySchema, errors: FieldErrors, shown: ReadonlySet<string>): string[] =>
  leaves(errors)
    .filter(({ path, type }) => {
      const name = path.split('.')[0]!;
      return type === 'server' && (name === 'root' || (name in schema.fields && !shown.has(name)));
    })
    .map(({ path, message }) => {
      const name = path.split('.')[0]!;
      if (name === 'root') return message;
      return `${labelOf(name, schema.fields[name])}: ${message}`;
    });

/** The alert itself, inside a react-admin form; nothing while every error sits at its field. */
export const UnplacedErrors = ({ schema, exclude = [] }: { schema: EntitySchema; exclude?: string[] }) => {
  const { errors } = useFormState();
  const shown = new Set(editableFields(schema, exclude).map(([n]) => n));
  const messages = unplacedErrors(schema, errors, shown);
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" role="alert" sx={{ width: '100%', mb: 2 }}>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul style={{ margin: 0, paddingLeft: 16 }}>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
};

/**
 * Form inputs generated from a schema: `inputsFor(schema)` returns one input per editable field
 * (read-only fields and read-only child lists excluded), `inputFor(name, field)` one input. A
 * field's input is the input table's for its type, or the entity's bespoke `fields.<name>.input`
 * (`parts.tsx`) when `parts` has one.
 */
import type { ReactElement } from 'react';
import type { EntitySchema, Field } from '../../../schemas/define';
import { fieldInputs } from '../fieldTypes/inputs';
import type { InputRenderer } from '../fieldTypes/types';
import { NO_PARTS, type PartsSet } from '../parts';
import { editableFields } from '../schemaUtils';
import { InputByType } from './InputByType';

/** The input of one field (validation, conditional display included); `render` replaces the type's. */
export const inputFor = (
  name: string,
  field: Field,
  render?: InputRenderer,
  inputsOf: (schema: EntitySchema, exclude: string[]) => ReactElement[] = inputsFor,
): ReactElement => (
  <InputByType
    key={name}
    name={name}
    field={field}
    inputsOf={inputsOf}
    render={render ?? fieldInputs[field.type].input}
  />
);

/**
 * Inputs of a schema's editable fields; `only` keeps the named ones in that order (a form group),
 * `exclude` drops some (a nested child's `via`); `parts` supplies bespoke inputs (nested children's
 * too).
 */
export function inputsFor(
  schema: EntitySchema,
  exclude: string[] = [],
  only?: string[],
  parts: PartsSet = NO_PARTS,
): ReactElement[] {
  const fields = editableFields(schema, exclude);
  const chosen = only ? only.flatMap((n) => fields.filter(([name]) => name === n)) : fields;
  const bespoke = parts.get(schema.name)?.fields;
  const nested = (child: EntitySchema, ex: string[]) => inputsFor(child, ex, undefined, parts);
  return chosen.map(([name, fd]) => inputFor(name, fd, bespoke?.[name]?.input, nested));
}

export { fieldInputs } from '../fieldTypes/inputs';
export type { InputRenderer, InputRenderProps } from '../fieldTypes/types';
export { validatorsFor, maxLengthOf } from './validators';

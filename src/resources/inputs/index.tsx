/**
 * Form inputs generated from a schema: `inputsFor(schema)` returns one input per editable field
 * (read-only fields and read-only child lists excluded), `inputFor(name, field)` one input.
 */
import type { ReactElement } from 'react';
import type { EntitySchema, Field } from '../../../schemas/define';
import { editableFields } from '../schemaUtils';
import { InputByType } from './InputByType';

/** The input of one field (validation, conditional display included). */
export const inputFor = (name: string, field: Field): ReactElement => (
  <InputByType key={name} name={name} field={field} inputsOf={inputsFor} />
);

/**
 * Inputs of a schema's editable fields; `only` keeps the named ones in that order (a form group),
 * `exclude` drops some (a nested child's `via`).
 */
export function inputsFor(schema: EntitySchema, exclude: string[] = [], only?: string[]): ReactElement[] {
  const fields = editableFields(schema, exclude);
  const chosen = only ? only.flatMap((n) => fields.filter(([name]) => name === n)) : fields;
  return chosen.map(([name, fd]) => inputFor(name, fd));
}

export { fieldInputs } from '../fieldTypes/inputs';
export type { InputRenderer, InputRenderProps } from '../fieldTypes/types';
export { validatorsFor, maxLengthOf } from './validators';

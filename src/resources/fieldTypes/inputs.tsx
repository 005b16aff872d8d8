/**
 * THE input table: every field type's form input and form-summary line ({@link FieldInput}).
 * Loaded with the first form (create, edit), not in the first load. A type's widget is chosen here,
 * or for the types an area owns registered by it at start-up (`./registry`), and nothing replaces
 * it later; a bespoke input for one field of one entity is passed with `defineParts` (`../parts`).
 */
import type { FieldType } from '../../../schemas/define';
import { InputByType } from '../inputs/InputByType';
import { referenceInputs } from './reference/input';
import { withRegistered } from './registry';
import { scalarInputs } from './scalar/input';
import { structuredInputs } from './structured/input';
import { translatedInput } from './translated/input';
import type { FieldInput } from './types';

/**
 * Every field type's input; exhaustive, so a new `FieldType` fails the type check until it has
 * one. The `file` and `files` entries are the files area's, registered at start-up (`./registry`).
 */
export const fieldInputs: Record<FieldType, FieldInput> = withRegistered(
  {
    ...scalarInputs,
    ...referenceInputs,
    ...structuredInputs((name, field, inputsOf) => (
      <InputByType key={name} name={name} field={field} inputsOf={inputsOf} render={fieldInputs[field.type].input} />
    )),
    translated: translatedInput,
  },
  (renderers) => renderers.input,
);

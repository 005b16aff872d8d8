/**
 * THE input table: every field type's form input and form-summary line ({@link FieldInput}).
 * Loaded with the first form (create, edit), not in the first load. One static table: a type's
 * widget is chosen here, nothing replaces it at run time; a bespoke input for one field of one
 * entity is passed with `defineParts` (`../parts`).
 */
import type { FieldType } from '../../../schemas/define';
import { FileInput } from '../../files/renderers';
import { referenceInputs } from './reference/input';
import { scalarInputs } from './scalar/input';
import { structuredInputs } from './structured/input';
import { translatedInput } from './translated/input';
import type { FieldInput } from './types';

/** Every field type's input; exhaustive, so a new `FieldType` fails the type check until it has one. */
export const fieldInputs: Record<FieldType, FieldInput> = {
  ...scalarInputs,
  ...referenceInputs,
  ...structuredInputs,
  file: { input: FileInput },
  files: { input: FileInput },
  translated: translatedInput,
};

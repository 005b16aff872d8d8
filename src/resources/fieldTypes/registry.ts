/**
 * The field types whose SPA renderers an area brings (the `file` and `files` types: their cells
 * download and their inputs upload, which is the files area's business, `src/files/`). The area
 * registers them here at start-up (`src/app/features.ts`); the display and input tables
 * (`display.tsx`, `inputs.tsx`) read them from here, so this generic room never imports an area.
 */
import type { FieldType } from '../../../schemas/define';
import type { FieldDisplay, FieldInput } from './types';

/** The field types without a built-in renderer: each must be registered before the first render. */
export const REGISTERED_FIELD_TYPES = ['file', 'files'] as const satisfies readonly FieldType[];

/** One of {@link REGISTERED_FIELD_TYPES}. */
export type RegisteredFieldType = (typeof REGISTERED_FIELD_TYPES)[number];

/** What an area registers for one field type: its entry in the display table and in the input table. */
export interface FieldRenderers {
  display: FieldDisplay;
  input: FieldInput;
}

const registered = new Map<RegisteredFieldType, FieldRenderers>();

/**
 * Registers the renderers of a field type the generic tables leave to an area. Registering a type
 * again replaces its renderers (start-up may run twice in tests).
 *
 * @example
 * registerFieldRenderer('file', {
 *   display: { text: fileText, cell: (v) => <FileCell value={v} />, field: fieldOf((v) => <FileCell value={v} />), sortable: false, column: true },
 *   input: { input: FileInput },
 * });
 */
export function registerFieldRenderer(type: RegisteredFieldType, renderers: FieldRenderers): void {
  registered.set(type, renderers);
}

/**
 * The registered renderers of `type`.
 * @throws Error when no area registered the type (start-up did not run `registerFeatures`).
 */
export function registeredRenderers(type: RegisteredFieldType): FieldRenderers {
  const renderers = registered.get(type);
  if (!renderers) {
    throw new Error(`No renderer for the field type '${type}': register it with registerFieldRenderer at start-up`);
  }
  return renderers;
}

/**
 * A complete table per field type: the built-in entries plus, for each registered type, a getter
 * reading the registration when the table is used (so the table can be built before the areas
 * register). `Record<Exclude<...>>` keeps the tables exhaustive: a new `FieldType` fails the type
 * check until it has a built-in entry or is listed in {@link REGISTERED_FIELD_TYPES}.
 *
 * @example
 * const fieldInputs = withRegistered({ ...scalarInputs, ... }, (renderers) => renderers.input);
 */
export function withRegistered<T>(
  builtIn: Record<Exclude<FieldType, RegisteredFieldType>, T>,
  pick: (renderers: FieldRenderers) => T,
): Record<FieldType, T> {
  const table = { ...builtIn } as Record<FieldType, T>;
  for (const type of REGISTERED_FIELD_TYPES) {
    Object.defineProperty(table, type, { enumerable: true, get: () => pick(registeredRenderers(type)) });
  }
  return table;
}

/**
 * The renderers of a field type in the SPA. Each field type has one entry in each of three
 * exhaustive tables (`Record<FieldType, ...>`, so a type cannot be half-added), split by when their
 * code loads:
 *
 * - {@link FieldDisplay} (`display.ts`, first load): the one text formatter, the list cell and the
 *   show field;
 * - {@link FieldInput} (`inputs.ts`, loaded with the first form): the form input and the line of
 *   the form summary;
 * - {@link FieldFilter} (`filters.ts`, loaded with the list's filter bar): the filter input.
 *
 * A bespoke renderer for one field of one entity is passed with `defineParts` (`../parts`), not
 * here; these tables are what every field of the type gets.
 */
import type { ReactElement, ReactNode } from 'react';
import type { Validator } from 'react-admin';
import type { EntitySchema, Field } from '../../../schemas/define';

/** A record as the list and the show view hold it (wire values, references embedded). */
export type Rec = Record<string, unknown>;

/** Props of a show field / list cell element: react-admin's `source` (dotted paths allowed) and `label`. */
export interface DisplayProps {
  source: string;
  label: string;
  /** Rendered in a list cell: long texts are truncated, lists are not sortable. */
  inList?: boolean;
}

/** What a field type shows: text, list cell and show field. */
export interface FieldDisplay {
  /**
   * The value as plain text (summaries, chips, cells, exports): `''` for no value. The one
   * formatter of the type; cells and show fields display the same text.
   * @example fieldDisplays.money.text(1234.5, f.money()) // '1,234.50'
   */
  text: (value: unknown, field: Field) => string;
  /**
   * A list cell rendered straight into DataTable's `render` (no field component, no record context
   * read per cell: most of the cost of a 100-row page). Omit for types that need their {@link field}
   * element in a cell (chips, embedded groups, links).
   */
  cell?: (value: unknown, field: Field) => ReactNode;
  /** The react-admin field element of the show view (and of a list cell when `cell` is absent). */
  field: (props: DisplayProps, field: Field) => ReactElement;
  /** Whether a list may sort on it. */
  sortable: boolean;
  /** Whether it is one of a list's default columns (scalars and to-one references). */
  column: boolean;
}

/** Props a form input renderer receives. */
export interface InputRenderProps {
  /** Field name (relative inside an ArrayInput item). */
  name: string;
  field: Field;
  label: string;
  validate: Validator[];
  disabled?: boolean;
  /** Shown locked but still submitted (a field read-only in the record's status). */
  readOnly?: boolean;
  helperText?: string;
  /** Renders the inputs of another schema (nested children). */
  inputsOf: (schema: EntitySchema, exclude: string[]) => ReactElement[];
}

/** A form input renderer. */
export type InputRenderer = (props: InputRenderProps) => ReactElement | null;

/** Props of a line of the form summary (the wizard's complete step). */
export interface SummaryProps {
  name: string;
  field: Field;
  label: string;
  /** The value as the form holds it (a picked reference is `{ id }`, a reference list ids). */
  value: unknown;
}

/** What a field type shows in a form. */
export interface FieldInput {
  input: InputRenderer;
  /**
   * Its lines in the form summary; default one line with {@link FieldDisplay.text} of the value.
   * References read their representation, since the form holds only ids.
   */
  summary?: (props: SummaryProps) => ReactNode;
}

/** Props of a list filter input: react-admin's input props plus the schema field. */
export interface FilterRenderProps {
  source: string;
  label: string;
  alwaysOn?: boolean;
  field: Field;
  [prop: string]: unknown;
}

/** The list filter input of a field type. */
export type FieldFilter = (props: FilterRenderProps) => ReactElement;

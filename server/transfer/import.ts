import { humanize, shapeOf, type EntitySchema, type Field, type WireRecord } from '../../schemas/define';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { dataException } from '../plugins/errors';
import { HttpError, integrityError, type FieldError } from '../rest/errors';
import { authorize, createInTransaction, listRows, runCreateCommitted } from '../rest/service';
import { canAccessEntity } from '../../schemas/access';
import { getSchema } from '../../schemas/index';
import { dictionaryCode } from '../../schemas/dictionaryTypes';
import { toMoney } from '../../schemas/money';
import { unpackLimits } from './limits';
import { readSheet } from './sheet';
import type { Cell } from './sheetTypes';

/**
 * The import of a CSV or xlsx file into any stored entity (docs/architecture.md "Import and
 * export"): the header row read and mapped to fields, every row turned into the JSON body
 * `POST <collection>` takes and created with the create path's own function
 * (`createInTransaction`, server/rest/service.ts: hooks, validation, references, status, access
 * rule, history), each row under a savepoint so a refused row is reported and the others go on.
 * A dry run rolls everything back; a commit keeps the transaction only when no row was refused.
 */

/** The largest file accepted, bytes (10 MB); larger is 413. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export type { Cell } from './sheetTypes';

/** A file's table: the header row's texts and the data rows with their row number in the file (1-based). */
export interface Table {
  headers: string[];
  rows: Array<{ line: number; cells: Cell[] }>;
}

/** Header -> field name, or null for a column left out. */
export type Mapping = Record<string, string | null>;

/** A field an import can fill, as the mapping step offers it. */
export interface ImportField {
  name: string;
  label: string;
  type: string;
  required: boolean;
}

/** A refused row: its number in the file and why, in the field-error shape of a 400. */
export interface RejectedRow {
  row: number;
  errors: FieldError[];
}

/**
 * A row that looks like a record already there, or like an earlier row of the file: the same
 * text in the field that names the entity's records (its `recordRepresentation`). A warning, not
 * a refusal: two clients may share a name.
 */
export interface DuplicateRow {
  row: number;
  property: string;
  value: string;
  /** The id of a record the user may read with that name. */
  existing?: number;
  /** The earlier row of the file with that name. */
  sameAsRow?: number;
}

/** What a dry run or a commit answers. */
export interface ImportResult {
  /** Data rows read. */
  total: number;
  /** Rows that would be (dry run) or were (commit) created. */
  created: number;
  rejected: RejectedRow[];
  /** Rows that look like a record already there or an earlier row (at most 1,000 listed). */
  duplicates: DuplicateRow[];
  /** True only when the rows were written. */
  committed: boolean;
}

const bad = (message: string) => new HttpError(400, message);

/** Field types an import fills: one value per cell (not lists, value objects, files or passwords). */
const IMPORTABLE = new Set([
  'text',
  'longText',
  'number',
  'money',
  'percent',
  'boolean',
  'date',
  'month',
  'dateTime',
  'durationMs',
  'email',
  'phone',
  'url',
  'enum',
  'ref',
  'refId',
  'dictionary',
]);

/** The fields of `schema` an import can fill, in declaration order. */
export function importFields(schema: EntitySchema): ImportField[] {
  return Object.entries(schema.fields)
    .filter(([, fd]) => !fd.readOnly && IMPORTABLE.has(fd.type))
    .map(([name, fd]) => ({ name, label: fd.label ?? humanize(name), type: fd.type, required: fd.required === true }));
}

/** The header texts: trimmed; 400 when there is none or one repeats. */
function checkedHeaders(headers: Cell[]): string[] {
  const texts = headers.map((h) => (h === null ? '' : h instanceof Date ? h.toISOString() : String(h).trim()));
  while (texts.length > 0 && texts[texts.length - 1] === '') texts.pop();
  if (texts.length === 0) throw bad('The file has no header row: its first row names the columns');
  const seen = new Set<string>();
  for (const t of texts) {
    if (t === '') throw bad('Every column of the header row needs a name');
    if (seen.has(t.toLowerCase())) throw bad(`The header "${t.slice(0, 60)}" appears twice`);
    seen.add(t.toLowerCase());
  }
  return texts;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Reads a file's table in a thread of its own, within the limits of server/transfer/limits.ts
 * (server/transfer/sheet.ts): an xlsx (by its bytes: a zip) from its first sheet, anything else
 * as CSV in UTF-8 (a byte order mark skipped; `;` as the separator when the header row holds
 * more `;` than `,`, as Excel writes in many locales). Empty rows are skipped, row numbers kept.
 * @throws HttpError 400 for a file that cannot be read, without a header row, or with more rows
 *   or columns or a longer cell than the limits; 413 for an xlsx larger than the limit once
 *   unpacked, or a file whose reading needs more memory or time than allowed
 */
export async function readTable(bytes: Buffer): Promise<Table> {
  const { header, rows } = await readSheet(bytes, bytes.subarray(0, 4).equals(ZIP) ? 'xlsx' : 'csv');
  const headers = checkedHeaders(header);
  const limits = unpackLimits();
  if (rows.length > limits.maxRows) throw bad(`The file holds more than ${limits.maxRows} rows; split it`);
  return { headers, rows };
}

/**
 * The proposed mapping: each header to the importable field whose name or label it equals,
 * ignoring case and surrounding spaces (each field at most once); null for the others.
 * @example proposeMapping(suppliers, ['Name', 'bin', 'Notes']) // { Name: 'gname', bin: 'bin', Notes: null }
 */
export function proposeMapping(schema: EntitySchema, headers: string[]): Mapping {
  const fields = importFields(schema);
  const taken = new Set<string>();
  const mapping: Mapping = {};
  for (const header of headers) {
    const key = header.trim().toLowerCase();
    const field = fields.find(
      (f) => !taken.has(f.name) && (f.name.toLowerCase() === key || f.label.toLowerCase() === key),
    );
    if (field) taken.add(field.name);
    mapping[header] = field?.name ?? null;
  }
  return mapping;
}

/**
 * A mapping sent by the client, checked against the file's headers and the importable fields.
 * Headers it does not name are left out.
 * @throws HttpError 400 for another shape, an unknown header or field, or a field mapped twice
 */
export function parseMapping(schema: EntitySchema, headers: string[], raw: unknown): Mapping {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw bad('"mapping" must be a JSON object: { "<header>": "<field>" | null }');
  const fields = new Set(importFields(schema).map((f) => f.name));
  const used = new Set<string>();
  const mapping: Mapping = {};
  for (const [header, field] of Object.entries(raw as Record<string, unknown>)) {
    if (!headers.includes(header))
      throw bad(`The mapping names "${header.slice(0, 60)}", which is no header of the file`);
    if (field === null || field === '') {
      mapping[header] = null;
      continue;
    }
    if (typeof field !== 'string' || !fields.has(field))
      throw bad(`The mapping of "${header.slice(0, 60)}" must be one of: ${[...fields].join(', ')}, or null`);
    if (used.has(field)) throw bad(`The field "${field}" is mapped from two columns`);
    used.add(field);
    mapping[header] = field;
  }
  return mapping;
}

const NUMERIC = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;
const TRUE = new Set(['true', 'yes', 'y', '1', 'да', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0', 'нет']);

/** `12%`, `12,5 %`: a percent written with its sign, as the screens and the CSV export show it. */
const PERCENT_SIGNED = /^([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+))\s*%$/;

/**
 * A percent cell as the fraction the API takes (`vatPercent: 0.12`), read as the user sees it:
 * - `12%` (the CSV export's form) -> 0.12;
 * - a number in an xlsx cell -> as it is: Excel keeps a percent as its fraction and shows it
 *   with its format (the xlsx export writes `0.12` formatted `12%`);
 * - a bare number in a text cell -> percent points as shown (`12` -> 0.12), except a value
 *   above 0 and at most 1 (`0.12`, `1`), which could be either: {@link percentProblem} refuses it
 *   rather than guess, so no row is written with a percent a hundred times off;
 * - anything else as it is, for the create path to refuse.
 */
function percentValue(text: Cell): unknown {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string') return text;
  const signed = PERCENT_SIGNED.exec(text);
  const points = signed ? signed[1]! : NUMERIC.test(text) ? text : undefined;
  if (points === undefined) return text;
  const value = toMoney(points.replace(',', '.'));
  if (!signed && value.abs().greaterThan(0) && value.abs().lessThanOrEqualTo(1)) return text;
  return value.dividedBy(100).toNumber();
}

/** Why a percent cell is refused before the create runs (see {@link percentValue}), or undefined. */
function percentProblem(cell: Cell): string | undefined {
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim();
  if (PERCENT_SIGNED.test(text) || !NUMERIC.test(text)) return undefined;
  const value = toMoney(text.replace(',', '.')).abs();
  if (value.greaterThan(0) && value.lessThanOrEqualTo(1))
    return `"${text}" could be ${text}% or ${value.times(100).toFixed()}%: write it with its sign, as "${value.times(100).toFixed()}%" or "${text}%"`;
  return undefined;
}

/** A date cell as `YYYY-MM-DD` (xlsx dates are UTC midnights); other cells as their text. */
const dayText = (cell: Cell): unknown => (cell instanceof Date ? cell.toISOString().slice(0, 10) : cell);

/**
 * The wire value of one cell for a field, as a client would send it: numbers from numeric text
 * (money keeps its text, exact), percents as the user sees them ({@link percentValue}), booleans
 * from true/false/yes/no/1/0, dates as `YYYY-MM-DD`, references and dictionary entries from an id
 * (`12` or `#12`; also by their text, see {@link resolveReferences}). A cell that does not convert is
 * passed as it is, so the create path's validation refuses it with its own message.
 */
export function wireValue(fd: Field, cell: Cell): unknown {
  const text = typeof cell === 'string' ? cell.trim() : cell;
  const shape = shapeOf(fd);
  if (shape === 'toOne' || shape === 'flatId') {
    const id =
      typeof text === 'number'
        ? text
        : typeof text === 'string' && /^#?\d{1,15}$/.test(text)
          ? Number(text.replace('#', ''))
          : undefined;
    if (id === undefined || !Number.isSafeInteger(id)) return shape === 'flatId' ? text : { id: text };
    return shape === 'flatId' ? id : { id };
  }
  switch (fd.type) {
    case 'percent':
      return percentValue(text);
    case 'number':
    case 'durationMs':
      return typeof text === 'string' && NUMERIC.test(text) ? Number(text.replace(',', '.')) : text;
    case 'money':
      return typeof text === 'string' && NUMERIC.test(text) ? text.replace(',', '.') : text;
    case 'boolean': {
      if (typeof text === 'number') return text === 1 ? true : text === 0 ? false : text;
      if (typeof text !== 'string') return text;
      const lower = text.toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : text;
    }
    case 'date':
    case 'month':
      return dayText(text);
    case 'dateTime':
      return text instanceof Date ? text.toISOString() : text;
    default:
      return text instanceof Date ? text.toISOString().slice(0, 10) : typeof text === 'number' ? String(text) : text;
  }
}

/** Reference texts resolved: field -> cell text -> the ids of the records it names (none, one or several). */
export type Resolved = Map<string, Map<string, number[]>>;

/**
 * The JSON body of one row under a mapping; empty cells are left out (the field's default
 * applies); a reference cell holding a text that names exactly one record in `resolved` becomes
 * that record's `{ id }`.
 */
export function rowBody(
  schema: EntitySchema,
  table: Table,
  mapping: Mapping,
  cells: Cell[],
  resolved: Resolved = new Map(),
): WireRecord {
  const body: WireRecord = {};
  table.headers.forEach((header, i) => {
    const field = mapping[header];
    const cell = cells[i] ?? null;
    if (!field || cell === null || (typeof cell === 'string' && cell.trim() === '')) return;
    const ids = typeof cell === 'string' ? resolved.get(field)?.get(cell.trim()) : undefined;
    body[field] = ids?.length === 1 ? { id: ids[0] } : wireValue(schema.fields[field]!, cell);
  });
  return body;
}

/**
 * What is wrong with a row's cells before it is created, as field errors: a reference text that
 * names no record the user may read, or several (then its id is needed: `#12`); a percent that
 * could be read two ways. Empty when the row goes on to the create path.
 */
export function rowProblems(
  schema: EntitySchema,
  table: Table,
  mapping: Mapping,
  cells: Cell[],
  resolved: Resolved,
): FieldError[] {
  const errors: FieldError[] = [];
  table.headers.forEach((header, i) => {
    const field = mapping[header];
    const cell = cells[i] ?? null;
    if (!field || typeof cell !== 'string' || cell.trim() === '') return;
    const fd = schema.fields[field]!;
    const text = cell.trim();
    const problem = (message: string) =>
      errors.push({ entity: schema.entityName, property: field, invalidValue: text, message });
    const ids = resolved.get(field)?.get(text);
    const what = fd.label ?? humanize(field);
    if (ids?.length === 0) problem(`${what}: nothing is named "${text}"`);
    else if (ids && ids.length > 1)
      problem(`${what}: "${text}" names ${ids.length} records; give the one meant by its id, as "#${ids[0]}"`);
    if (fd.type === 'percent') {
      const why = percentProblem(cell);
      if (why) problem(why);
    }
  });
  return errors;
}

/**
 * The cells of a row the create would replace by a payload rule (`valueWhen`: a client's VAT %
 * is 0 when VAT is off, CLI-05), so the file's value would be lost without a word: refused with
 * what the rule says, as field errors.
 */
export function overriddenCells(schema: EntitySchema, body: WireRecord): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(body)) {
    const rule = schema.fields[name]?.valueWhen;
    if (!rule || !rule.when(body) || String(value) === String(rule.value)) continue;
    const fd = schema.fields[name]!;
    errors.push({
      entity: schema.entityName,
      property: name,
      invalidValue: value,
      message: `${fd.label ?? humanize(name)} would be stored as ${String(rule.value)}: the row's other columns say it does not apply (add or correct them)`,
    });
  }
  return errors;
}

/** The distinct texts of column `i` that are not ids (`12`, `#12`). */
function columnTexts(table: Table, i: number): Set<string> {
  const texts = new Set<string>();
  for (const { cells } of table.rows) {
    const cell = cells[i];
    if (typeof cell === 'string' && cell.trim() !== '' && !/^#?\d+$/.test(cell.trim())) texts.add(cell.trim());
  }
  return texts;
}

/**
 * The entries of dictionary `type` each text names: by name, local name or char code, ignoring
 * case (the export writes the name; a file in the user's language holds the local name).
 */
async function dictionaryMatches(db: Database, type: string, texts: Set<string>): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>([...texts].map((t) => [t, []]));
  if (texts.size === 0) return found;
  const lowered = new Map([...texts].map((t) => [t.toLowerCase(), t]));
  const rows = await db.query<{
    id: number | string;
    gname: string | null;
    lname: string | null;
    char_code: string | null;
  }>(
    `SELECT d.id, d.gname, d.lname, d.char_code FROM base_dictionaries d
       JOIN base_dictionary_types t ON t.id = d.type_id
      WHERE t.code = $1 AND (lower(d.gname) = ANY($2) OR lower(d.lname) = ANY($2) OR lower(d.char_code) = ANY($2))
      ORDER BY d.id`,
    [dictionaryCode(type), [...lowered.keys()]],
  );
  for (const row of rows) {
    const named = new Set(
      [row.gname, row.lname, row.char_code].flatMap((n) => (n ? [lowered.get(n.toLowerCase())] : [])),
    );
    for (const text of named) if (text !== undefined) found.get(text)!.push(Number(row.id));
  }
  return found;
}

/**
 * Resolves the texts of reference columns to the records they name, as the export writes them:
 * a `ref` whose target is represented by one of its fields (`recordRepresentation: 'gname'`),
 * among the records the user may read (one list query per distinct text); a dictionary entry by
 * its name, local name or char code. Each text maps to every id it names, so a text naming none
 * or several is reported by {@link rowProblems} instead of being guessed.
 */
export async function resolveReferences(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  table: Table,
  mapping: Mapping,
): Promise<Resolved> {
  const resolved: Resolved = new Map();
  for (const [i, header] of table.headers.entries()) {
    const field = mapping[header];
    const fd = field ? schema.fields[field] : undefined;
    if (!field || !fd) continue;
    if (fd.type === 'dictionary' && fd.dictionary) {
      resolved.set(field, await dictionaryMatches(db, fd.dictionary, columnTexts(table, i)));
      continue;
    }
    if (fd.type !== 'ref' || !fd.target) continue;
    const target = getSchema(fd.target);
    const by = fd.optionText ?? target.recordRepresentation;
    if (!by || by.includes('%{') || !target.fields[by] || !canAccessEntity(target, 'view', user.roles, user.privileges))
      continue;
    const ids = new Map<string, number[]>();
    for (const text of columnTexts(table, i)) {
      const found = await listRows(db, target, user, { [by]: text }, 2, 0);
      ids.set(
        text,
        found.map((r) => Number(r.id)),
      );
    }
    resolved.set(field, ids);
  }
  return resolved;
}

/** Why the create of a row was refused, as field errors; undefined for a failure that is not the row's (rethrown). */
function rowErrors(schema: EntitySchema, error: unknown): FieldError[] | undefined {
  const known = error instanceof HttpError ? error : (integrityError(error) ?? dataException(error));
  const status = known?.statusCode ?? (error as { statusCode?: number } | null)?.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const errors = known?.errors ?? (error as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.length > 0) return errors as FieldError[];
  return [
    { entity: schema.entityName, property: '', invalidValue: null, message: (known ?? (error as Error)).message },
  ];
}

/** The most duplicate warnings an import answers with. */
const MAX_DUPLICATES = 1000;

/**
 * The rows whose name (the text in the field of the schema's `recordRepresentation`, when the
 * file maps it) equals a record the user may read, or an earlier row of the file, ignoring case
 * within the file. Existing records are looked up 200 names per list query (`<field>.in`), a name
 * holding a comma alone (the list's `in` splits on commas), under the user's access rule.
 */
export async function findDuplicates(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  table: Table,
  mapping: Mapping,
): Promise<DuplicateRow[]> {
  const by = schema.recordRepresentation;
  if (!by || by.includes('%{') || schema.fields[by]?.type !== 'text') return [];
  const column = table.headers.findIndex((header) => mapping[header] === by);
  if (column < 0) return [];
  const named = table.rows.flatMap(({ line, cells }) => {
    const cell = cells[column];
    return typeof cell === 'string' && cell.trim() !== '' ? [{ line, text: cell.trim() }] : [];
  });
  const existing = new Map<string, number>();
  const texts = [...new Set(named.map((n) => n.text))];
  const plain = texts.filter((t) => !t.includes(','));
  for (let i = 0; i < plain.length; i += 200) {
    const chunk = plain.slice(i, i + 200);
    for (const r of await listRows(db, schema, user, { [`${by}.in`]: chunk.join(',') }, chunk.length * 2, 0))
      if (!existing.has(String(r[by]))) existing.set(String(r[by]), Number(r.id));
  }
  for (const text of texts.filter((t) => t.includes(','))) {
    const [r] = await listRows(db, schema, user, { [by]: text }, 1, 0);
    if (r) existing.set(text, Number(r.id));
  }
  const firstRow = new Map<string, number>();
  const out: DuplicateRow[] = [];
  for (const { line, text } of named) {
    const key = text.toLowerCase();
    const earlier = firstRow.get(key);
    if (earlier === undefined) firstRow.set(key, line);
    const id = existing.get(text);
    if ((id !== undefined || earlier !== undefined) && out.length < MAX_DUPLICATES)
      out.push({
        row: line,
        property: by,
        value: text,
        ...(id !== undefined ? { existing: id } : {}),
        ...(earlier !== undefined ? { sameAsRow: earlier } : {}),
      });
  }
  return out;
}

/** Thrown inside the transaction to roll it back when the import must not be kept. */
const ROLLBACK = Symbol('rollback');

/**
 * Creates every row of `table` under `mapping` as `POST <collection>` would, in one transaction,
 * each row under a savepoint: a refused row is rolled back to its savepoint and reported with
 * its row number and field errors; the rows after it still run (so a dry run finds every refused
 * row, duplicates within the file included). The transaction is kept only when `commit` is set
 * and no row was refused; otherwise nothing is written. `progress(done, total)` is called after
 * each row.
 * @throws HttpError 403 when the user may not create the entity; a failure that is not a row's
 *   (the database gone) as it is, nothing written
 */
export async function runImport(
  db: Database,
  schema: EntitySchema,
  user: AuthUser,
  table: Table,
  mapping: Mapping,
  options: { commit: boolean; progress?: (done: number, total: number) => void },
): Promise<ImportResult> {
  authorize(schema, user, 'create');
  const total = table.rows.length;
  const rejected: RejectedRow[] = [];
  const ids: number[] = [];
  const resolved = await resolveReferences(db, schema, user, table, mapping);
  const duplicates = await findDuplicates(db, schema, user, table, mapping);
  try {
    await db.transaction(async (tx) => {
      let done = 0;
      for (const { line, cells } of table.rows) {
        const body = rowBody(schema, table, mapping, cells, resolved);
        const problems = [...rowProblems(schema, table, mapping, cells, resolved), ...overriddenCells(schema, body)];
        if (problems.length > 0) {
          rejected.push({ row: line, errors: problems });
          options.progress?.(++done, total);
          continue;
        }
        await tx.query('SAVEPOINT import_row');
        try {
          ids.push(await createInTransaction(tx, schema, user, body));
          await tx.query('RELEASE SAVEPOINT import_row');
        } catch (error) {
          const errors = rowErrors(schema, error);
          if (!errors) throw error;
          await tx.query('ROLLBACK TO SAVEPOINT import_row');
          rejected.push({ row: line, errors });
        }
        options.progress?.(++done, total);
      }
      if (!options.commit || rejected.length > 0) throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
    return { total, created: total - rejected.length, rejected, duplicates, committed: false };
  }
  for (const id of ids) await runCreateCommitted(schema, id, user);
  return { total, created: ids.length, rejected, duplicates, committed: true };
}

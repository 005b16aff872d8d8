import { HttpError } from '../rest/errors';

/**
 * The typed parameters of the analytics queries (DASH-03, DASH-12..14, DASH-17): every value a
 * request may pass is declared with a type, checked, and bound as an SQL parameter - no text is
 * ever written into a statement, as Redash allows viewers only "safe" (typed) parameters.
 */

/** The types a query parameter may have. */
export type ParamType = 'date' | 'number' | 'enum' | 'id';

/** One declared parameter of a query. */
export interface ParamDef {
  name: string;
  type: ParamType;
  /** The values an `enum` accepts. */
  values?: readonly string[];
  /** Bounds of a `number` (inclusive). */
  min?: number;
  max?: number;
  /** Whether a request must give it (after aliases and defaults). */
  required?: boolean;
  /** The value when the request gives none. */
  default?: string | number;
  /** The earliest date accepted: an earlier `date` is raised to it (DASH-17). */
  floor?: string;
}

/** A checked parameter value: a `YYYY-MM-DD` date, a number, an enum value or an id. */
export type ParamValue = string | number;

/**
 * The spellings the dashboards send for one parameter (DASH-12, DASH-13): `start_date`/`end_date`
 * are `date_gte`/`date_lte`, `department` is `department_id`, `office` is `office_id`.
 */
export const PARAM_ALIASES: Readonly<Record<string, string>> = {
  start_date: 'date_gte',
  end_date: 'date_lte',
  department: 'department_id',
  office: 'office_id',
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `s` is a real calendar date `YYYY-MM-DD`. */
const isDate = (s: string): boolean => {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
};

const fieldError = (queryName: string, property: string, invalidValue: unknown, message: string) => ({
  entity: queryName,
  property,
  invalidValue,
  message,
});

/**
 * Checks the `parameters` object of a request against a query's declarations (aliases first,
 * then defaults). Unknown names, wrong types, values outside an enum or range, missing required
 * values and both spellings of one parameter are refused together.
 * @param queryName the query's name, the `entity` of the field errors
 * @returns the values by declared name (a parameter without value and default is absent)
 * @throws HttpError 400 with one field error per bad parameter
 */
export function checkParameters(
  queryName: string,
  defs: readonly ParamDef[],
  raw: unknown,
): Record<string, ParamValue> {
  const errors: ReturnType<typeof fieldError>[] = [];
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
    throw new HttpError(400, 'parameters must be an object', [
      fieldError(queryName, 'parameters', raw, 'must be an object'),
    ]);
  const given = new Map<string, unknown>();
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const name = PARAM_ALIASES[key] ?? key;
    if (given.has(name)) errors.push(fieldError(queryName, key, value, `is given twice (as ${name} too)`));
    else given.set(name, value);
  }
  const byName = new Map(defs.map((d) => [d.name, d]));
  for (const [name, value] of given)
    if (!byName.has(name)) errors.push(fieldError(queryName, name, value, 'is not a parameter of this query'));
  const out: Record<string, ParamValue> = {};
  for (const def of defs) {
    const value =
      given.has(def.name) && given.get(def.name) !== null && given.get(def.name) !== ''
        ? given.get(def.name)
        : def.default;
    if (value === undefined) {
      if (def.required) errors.push(fieldError(queryName, def.name, null, 'is required'));
      continue;
    }
    const bad = (message: string) => errors.push(fieldError(queryName, def.name, value, message));
    switch (def.type) {
      case 'date':
        if (typeof value !== 'string' || !isDate(value)) bad('must be a date YYYY-MM-DD');
        else out[def.name] = def.floor && value < def.floor ? def.floor : value;
        break;
      case 'number': {
        const n =
          typeof value === 'number'
            ? value
            : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
              ? Number(value)
              : NaN;
        if (!Number.isFinite(n)) bad('must be a number');
        else if (def.min !== undefined && n < def.min) bad(`must be at least ${def.min}`);
        else if (def.max !== undefined && n > def.max) bad(`must be at most ${def.max}`);
        else out[def.name] = n;
        break;
      }
      case 'id': {
        const n =
          typeof value === 'number'
            ? value
            : typeof value === 'string' && /^\d{1,15}$/.test(value)
              ? Number(value)
              : NaN;
        if (!Number.isSafeInteger(n) || n <= 0) bad('must be an id (a positive whole number)');
        else out[def.name] = n;
        break;
      }
      case 'enum':
        if (typeof value !== 'string' || !def.values?.includes(value)) bad(`must be one of ${def.values?.join(', ')}`);
        else out[def.name] = value;
        break;
    }
  }
  const from = out.date_gte;
  const to = out.date_lte;
  if (typeof from === 'string' && typeof to === 'string' && from > to)
    errors.push(fieldError(queryName, 'date_lte', to, `must not be before date_gte (${from})`));
  if (errors.length) throw new HttpError(400, `Invalid parameters of query ${queryName}`, errors);
  return out;
}

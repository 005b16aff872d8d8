import type { ActionContext } from '../../../schemas/define';
import { getSchema } from '../../../schemas/index';
import { isDecimal, sumExact, toMoney, type Money } from '../../../schemas/money';
import type { AuthUser } from '../../auth/types';
import { columnName } from '../../db/naming';
import { q } from '../../rest/model';
import type { RawQuery } from '../../rest/query';
import { serverOf } from '../../rest/rooms';
import { listStatement } from '../../rest/service';
import { actionList } from '../../rest/actions';
import type { Db, Invariant, MoneyProblem } from './types';

/**
 * The total endpoints invariant of the money check (MC-8): every `totalAmount` endpoint
 * equals the sum of its rows per currency. Each endpoint is asked for a few filters (none, and one
 * per currency its rows use) as an administrator, and its answer compared with exact sums
 * (`sumExact`) of the rows the list gives for the same filters, grouped by currency.
 */

/**
 * A `totalAmount` endpoint: its collection, the answer's money fields -> the row field each sums,
 * and which of those are in US dollars (one currency whatever the rows': a bare number is right).
 */
export interface TotalEndpoint {
  collection: string;
  fields: Record<string, string>;
  usd: string[];
}

/** The endpoints checked (EXP-15, PRE-07, INV-16, BUD-13). */
export const TOTAL_ENDPOINTS: TotalEndpoint[] = [
  {
    collection: 'invoices',
    fields: { totalAmount: 'totalAmount', totalAmountUsd: 'totalAmountUsd' },
    usd: ['totalAmountUsd'],
  },
  { collection: 'preInvoices', fields: { totalAmount: 'amount', balance: 'balance' }, usd: [] },
  { collection: 'expenses', fields: { totalAmount: 'amount', totalAmountUsd: 'amountUsd' }, usd: ['totalAmountUsd'] },
  { collection: 'budgets', fields: { totalAmount: 'amount' }, usd: [] },
];

/** How the check asks an endpoint: its answer (money as `Decimal`, decimal strings or numbers) for `query`. */
export type TotalsAnswer = (collection: string, query: RawQuery) => Promise<Record<string, unknown>>;

/** The administrator the check reads as (every row, no access rule). */
export const CHECK_USER: AuthUser = {
  userId: 0,
  username: 'money-check',
  roles: ['ADMIN'],
  privileges: new Map(),
  employeeId: null,
  employeeOfficeId: null,
  employeeName: null,
  positions: [],
};

/**
 * The endpoints' answers through the service layer: the `totalAmount` action body of the
 * collection's server declaration, run with the action's `list` over `query` as `user` - what
 * `GET /core/api/<collection>/totalAmount?<query>` runs, without HTTP.
 */
export const serviceTotals =
  (db: Db, user: AuthUser = CHECK_USER): TotalsAnswer =>
  async (collection, query) => {
    const schema = getSchema(collection);
    const run = serverOf(collection)?.actions?.totalAmount;
    if (!run) throw new Error(`${collection} has no totalAmount action`);
    const list = actionList(db, schema, user, query);
    const answer = await run({
      tx: db,
      schema,
      user,
      method: 'GET',
      input: {},
      query,
      list,
    } as unknown as ActionContext);
    return answer as Record<string, unknown>;
  };

/** A money value of an answer (a `Decimal`, a decimal string or a JSON number) exactly; null is 0. */
const asMoney = (v: unknown): Money =>
  isDecimal(v) ? toMoney(v) : v === null || v === undefined ? toMoney(0) : toMoney(String(v));

/** Sums of the rows of one currency: the currency, its code and each row field's exact sum. */
export interface CurrencySums {
  currencyId: number | null;
  currency: string | null;
  rows: number;
  sums: Record<string, Money>;
}

/** The rows `GET <collection>?<query>` lists for the check's user, summed exactly per currency. */
export async function rowSums(db: Db, endpoint: TotalEndpoint, query: RawQuery): Promise<CurrencySums[]> {
  const schema = getSchema(endpoint.collection);
  const { joins, params, where } = listStatement(schema, CHECK_USER, query);
  const cols = Object.values(endpoint.fields).map((f, i) => `t0.${q(columnName(f, schema.fields[f]!))}::text AS m${i}`);
  const rows = await db.query<Record<string, string | null>>(
    `SELECT t0.currency_id AS cid, ${cols.join(', ')} FROM ${q(schema.table)} t0 ${joins.sql.join(' ')}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    params.values,
  );
  const codes = new Map(
    (await db.query<{ id: string | number; code: string | null }>('SELECT id, code FROM currencies')).map((c) => [
      Number(c.id),
      c.code,
    ]),
  );
  const groups = new Map<number | null, Array<Record<string, string | null>>>();
  for (const r of rows) {
    const cid = r.cid === null ? null : Number(r.cid);
    groups.set(cid, [...(groups.get(cid) ?? []), r]);
  }
  return [...groups].map(([cid, list]) => ({
    currencyId: cid,
    currency: cid === null ? null : (codes.get(cid) ?? null),
    rows: list.length,
    sums: Object.fromEntries(Object.values(endpoint.fields).map((f, i) => [f, sumExact(list.map((r) => r[`m${i}`]))])),
  }));
}

export const TOTALS_PER_CURRENCY = 'totals-per-currency';

/**
 * Compares one answer of `endpoint` with the rows' sums per currency. US-dollar fields equal the
 * sum over every row. The other money fields:
 * - **extension point (MC-4)**: an answer with `byCurrency: [{ currency, currencyId,
 *   <fields> }]` must hold one entry per currency of the rows, each equal to that currency's sums
 *   (and no other entry);
 * - an answer without `byCurrency` over rows of one currency must equal their sums; over rows of
 *   several currencies it adds them into one number: a problem whatever its value.
 * Pure; returns the problems (collection-level: id 0, the filter in `details.query`).
 */
export function compareTotals(
  endpoint: TotalEndpoint,
  query: RawQuery,
  answer: Record<string, unknown>,
  groups: CurrencySums[],
): MoneyProblem[] {
  const problems: MoneyProblem[] = [];
  const where = Object.keys(query).length ? `?${new URLSearchParams(query as Record<string, string>).toString()}` : '';
  const url = `GET /${endpoint.collection}/totalAmount${where}`;
  const add = (message: string, details: Record<string, unknown>) =>
    problems.push({
      invariant: TOTALS_PER_CURRENCY,
      collection: endpoint.collection,
      id: 0,
      message,
      details: { query, ...details },
    });
  for (const [out, field] of Object.entries(endpoint.fields)) {
    if (!endpoint.usd.includes(out)) continue;
    const want = sumExact(groups.map((g) => g.sums[field]));
    if (!asMoney(answer[out]).eq(want))
      add(`${url} answers ${out} ${asMoney(answer[out]).toFixed()}; its rows add up to ${want.toFixed()}`, {
        field: out,
        answered: asMoney(answer[out]).toFixed(),
        rows: want.toFixed(),
      });
  }
  const local = Object.entries(endpoint.fields).filter(([out]) => !endpoint.usd.includes(out));
  const perCurrency = Object.fromEntries(
    groups.map((g) => [
      g.currency ?? String(g.currencyId),
      Object.fromEntries(local.map(([out, f]) => [out, g.sums[f]!.toFixed()])),
    ]),
  );
  const byCurrency = answer.byCurrency;
  if (Array.isArray(byCurrency)) {
    const entries = new Map<number, Record<string, unknown>>(
      byCurrency.map((e: Record<string, unknown>) => [Number(e.currencyId), e]),
    );
    for (const g of groups) {
      const entry = entries.get(Number(g.currencyId));
      entries.delete(Number(g.currencyId));
      if (!entry) {
        add(`${url} has no byCurrency entry for ${g.currency ?? g.currencyId} (${g.rows} rows)`, {
          currency: g.currency,
        });
        continue;
      }
      for (const [out, f] of local)
        if (!asMoney(entry[out]).eq(g.sums[f]!))
          add(
            `${url} answers ${out} ${asMoney(entry[out]).toFixed()} ${g.currency ?? ''} in byCurrency; its ${g.currency ?? ''} rows add up to ${g.sums[f]!.toFixed()}`,
            { currency: g.currency, field: out, answered: asMoney(entry[out]).toFixed(), rows: g.sums[f]!.toFixed() },
          );
    }
    for (const [cid, entry] of entries)
      if (local.some(([out]) => !asMoney(entry[out]).isZero()))
        add(`${url} has a byCurrency entry for ${String(entry.currency ?? cid)} but no row of that currency`, {
          currency: entry.currency ?? cid,
        });
    return problems;
  }
  if (groups.length > 1) {
    add(
      `${url} adds ${groups.length} currencies (${groups.map((g) => g.currency ?? g.currencyId).join(', ')}) into one number: ${local.map(([out]) => `${out} ${asMoney(answer[out]).toFixed()}`).join(', ')}`,
      { answered: Object.fromEntries(local.map(([out]) => [out, asMoney(answer[out]).toFixed()])), perCurrency },
    );
    return problems;
  }
  for (const [out, f] of local) {
    const want = groups[0]?.sums[f] ?? toMoney(0);
    if (!asMoney(answer[out]).eq(want))
      add(`${url} answers ${out} ${asMoney(answer[out]).toFixed()}; its rows add up to ${want.toFixed()}`, {
        field: out,
        answered: asMoney(answer[out]).toFixed(),
        rows: want.toFixed(),
      });
  }
  return problems;
}

/**
 * The invariant over {@link TOTAL_ENDPOINTS}, each asked with no filter and with `currency.id` of
 * each currency its rows use, through `answer` (default: the service layer, {@link serviceTotals}).
 * `checked` counts the answers compared.
 */
export function totalsPerCurrency(answer?: TotalsAnswer): Invariant {
  return {
    name: TOTALS_PER_CURRENCY,
    description:
      'Every total endpoint equals the sum of its rows per currency (never several currencies in one number)',
    async check(db) {
      const ask = answer ?? serviceTotals(db);
      const problems: MoneyProblem[] = [];
      let checked = 0;
      for (const endpoint of TOTAL_ENDPOINTS) {
        const all = await rowSums(db, endpoint, {});
        const queries: RawQuery[] = [
          {},
          ...all.filter((g) => g.currencyId !== null).map((g) => ({ 'currency.id': String(g.currencyId) })),
        ];
        for (const query of queries) {
          const groups = Object.keys(query).length === 0 ? all : await rowSums(db, endpoint, query);
          problems.push(...compareTotals(endpoint, query, await ask(endpoint.collection, query), groups));
          checked++;
        }
      }
      return { problems, checked };
    },
  };
}

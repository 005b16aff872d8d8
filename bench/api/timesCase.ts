/**
 * The benchmark's time case: the time list of one matter, newest first, with its total duration,
 * for `member` (MEMBER role), whose access to other people's time goes through the matter's team.
 * Each request takes the next of up to 2,000 matters whose team holds the member's position
 * (shuffled, deterministic), alternating the page and the total of the same matter, so req/s
 * counts both halves of what the list screen asks.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database';

export const TIMES_USER = 'member';

export interface TimesRoutes {
  generic: string[];
  raw: string[];
  /** Whether the generic `/times/totalDuration` is served by this build (else the case measures the lists only). */
  withTotal: boolean;
  matters: number;
  /** The member's matter with the most invoiced time (if any): the check compares a whole page of it (`invoice` set). */
  invoiced?: number;
}

const list = (id: number, size = 20) => `/core/api/times?matter.id=${id}&sort=dateTime,desc&page=0&size=${size}`;
const total = (id: number) => `/core/api/times/totalDuration?matter.id=${id}`;
const rawList = (id: number, size = 20) => `/core/api/bench/raw/times?matterId=${id}&page=0&size=${size}`;
const rawTotal = (id: number) => `/core/api/bench/raw/times/totalDuration?matterId=${id}`;

/** The matters of the member's teams with their time, and the paths both routes rotate over. */
export async function timesRoutes(app: FastifyInstance, db: Database, token: string): Promise<TimesRoutes> {
  const rows = await db.query<{ id: number }>(
    `SELECT DISTINCT mt.matter_id AS id, md5(mt.matter_id::text) FROM matter_teams mt
       JOIN positions p ON p.id = mt.team_position_id JOIN app_users u ON u.employee_id = p.employee_id
      WHERE u.username = $1 AND EXISTS (SELECT 1 FROM times t WHERE t.matter_id = mt.matter_id)
      ORDER BY 2 LIMIT 2000`,
    [TIMES_USER],
  );
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) throw new Error(`the time case needs matters on ${TIMES_USER}'s teams: none seeded`);
  const probe = await app.inject({ url: total(ids[0]!), headers: { authorization: `Bearer ${token}` } });
  const withTotal = probe.statusCode === 200;
  if (!withTotal) {
    console.log(
      `  NOTE: GET /core/api/times/totalDuration answered ${probe.statusCode} in this build: the time case measures the list pages only (generic and raw alike)`,
    );
  }
  const [invoiced] = await db.query<{ id: number }>(
    `SELECT t.matter_id AS id FROM times t WHERE t.matter_id = ANY($1::bigint[]) AND t.invoice_id IS NOT NULL
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    [ids],
  );
  return {
    invoiced: invoiced ? Number(invoiced.id) : undefined,
    generic: ids.flatMap((id) => (withTotal ? [list(id), total(id)] : [list(id)])),
    raw: ids.flatMap((id) => (withTotal ? [rawList(id), rawTotal(id)] : [rawList(id)])),
    withTotal,
    matters: ids.length,
  };
}

/**
 * Fails the run unless raw and generic answer the same page and the same total for a few matters,
 * and the same 1,000-row page for the matter with the most invoiced time (its `invoice` references).
 */
export async function checkSameTimes(app: FastifyInstance, token: string, routes: TimesRoutes): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (url: string) => {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { _embedded?: unknown; page?: unknown; durationTotal?: number };
  };
  const step = routes.withTotal ? 2 : 1;
  const pairs: Array<[string, string]> = routes.generic.slice(0, 5 * step).map((g, i) => [g, routes.raw[i]!]);
  if (routes.invoiced !== undefined) pairs.push([list(routes.invoiced, 1000), rawList(routes.invoiced, 1000)]);
  for (const [genericUrl, rawUrl] of pairs) {
    const generic = await get(genericUrl);
    const raw = await get(rawUrl);
    const same =
      JSON.stringify(generic._embedded) === JSON.stringify(raw._embedded) &&
      JSON.stringify(generic.page) === JSON.stringify(raw.page) &&
      generic.durationTotal === raw.durationTotal;
    if (!same) {
      throw new Error(
        `raw and generic times differ (${genericUrl}):\n${JSON.stringify(generic).slice(0, 1500)}\n${JSON.stringify(raw).slice(0, 1500)}`,
      );
    }
  }
}

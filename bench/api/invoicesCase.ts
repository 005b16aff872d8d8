/**
 * The benchmark's invoice case: the invoice list screen with its totals, over a long invoice
 * history (`seed(db, { invoices: 100_000 })`), as two users:
 *
 * - `billing` (billing manager, every invoice): the invoices of one payer client;
 * - `top` (GLOBAL_TOP, a top manager who reads invoices but is neither an admin nor a billing
 *   manager): the invoices of one project whose matters' teams hold them, through the invoices'
 *   access rule (the project's or a matter's access list).
 *
 * Both as the list asks: cancelled invoices hidden (`status.code.ne=3`, the default filter),
 * newest first, 20 rows, and `GET /invoices/totalAmount` with the same filters. Each request takes
 * the next of up to 2,000 filter values (shuffled, deterministic), alternating the page and the
 * totals of the same value, so req/s counts both halves of what the screen asks.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database';

/** The reader whose invoices go through the access rule (`member` holds no `invoice` privilege). */
export const INVOICES_READER = 'top';

export interface InvoiceRoutes {
  generic: string[];
  raw: string[];
  /** Filter values rotated over. */
  values: number;
}

const DEFAULT_FILTER = 'status.code.ne=3';
const generic = (filter: string, id: number) => [
  `/core/api/invoices?${filter}=${id}&${DEFAULT_FILTER}&projection=invoiceList&sort=date,desc&page=0&size=20`,
  `/core/api/invoices/totalAmount?${filter}=${id}&${DEFAULT_FILTER}`,
];
const raw = (param: string, id: number) => [
  `/core/api/bench/raw/invoices?${param}=${id}&page=0&size=20`,
  `/core/api/bench/raw/invoices/totalAmount?${param}=${id}`,
];

/** The billing manager's routes: the payer clients with invoices. */
export async function payerRoutes(db: Database): Promise<InvoiceRoutes> {
  const rows = await db.query<{ id: number }>(
    `SELECT DISTINCT payer_client_id AS id, md5(payer_client_id::text) FROM invoices
      WHERE payer_client_id IS NOT NULL ORDER BY 2 LIMIT 2000`,
  );
  return routesOf(
    rows.map((r) => Number(r.id)),
    'payerClient.id',
    'payerClientId',
  );
}

/** The reader's routes: projects with invoices and a matter whose team holds the reader. */
export async function readerRoutes(db: Database): Promise<InvoiceRoutes> {
  const rows = await db.query<{ id: number }>(
    `SELECT DISTINCT m.project_id AS id, md5(m.project_id::text) FROM matter_teams mt
       JOIN matters m ON m.id = mt.matter_id
       JOIN positions p ON p.id = mt.team_position_id JOIN app_users u ON u.employee_id = p.employee_id
      WHERE u.username = $1 AND EXISTS (SELECT 1 FROM invoices i WHERE i.project_id = m.project_id)
      ORDER BY 2 LIMIT 2000`,
    [INVOICES_READER],
  );
  return routesOf(
    rows.map((r) => Number(r.id)),
    'project.id',
    'projectId',
  );
}

function routesOf(ids: number[], filter: string, param: string): InvoiceRoutes {
  if (ids.length === 0) throw new Error(`the invoice case needs invoices to filter by ${filter}: none seeded`);
  return {
    generic: ids.flatMap((id) => generic(filter, id)),
    raw: ids.flatMap((id) => raw(param, id)),
    values: ids.length,
  };
}

/** Fails the run unless raw and generic answer the same pages and totals for a few filter values. */
export async function checkSameInvoices(app: FastifyInstance, token: string, routes: InvoiceRoutes): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (url: string) => {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const body = res.json() as { _links?: unknown };
    // the self and paging links name each route's own path
    delete body._links;
    return JSON.stringify(body);
  };
  for (let i = 0; i < Math.min(routes.generic.length, 10); i++) {
    const [g, r] = [await get(routes.generic[i]!), await get(routes.raw[i]!)];
    if (g !== r)
      throw new Error(
        `raw and generic invoices differ (${routes.generic[i]}):\n${g.slice(0, 1500)}\n${r.slice(0, 1500)}`,
      );
  }
}

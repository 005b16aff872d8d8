import type { FastifyInstance } from 'fastify';
import { calculatesCashbox } from '../../schemas/cashbox/access';
import { normalizeCashboxRange } from '../../schemas/cashbox/period';
import type { Database } from '../db/database';
import { enqueueJob } from '../jobs/queue';
import { JOBS_PATH } from '../jobs/files';
import { forbidden, HttpError } from '../rest/errors';
import { requireUser } from '../rest/request';
import { CASHBOX_CALCULATE, type CashboxJobPayload } from './job';

/** The calculation's route (CASH-40). */
export const CASHBOX_CALCULATE_PATH = '/core/api/cashbox/calculate';

const fieldError = (property: string, invalidValue: unknown, message: string) =>
  new HttpError(400, 'Validation failed', [{ entity: 'Cashbox', property, invalidValue, message }]);

/**
 * `POST /core/api/cashbox/calculate { dateGte, dateLte, officeId }` (CASH-40, docs/api.md
 * "Cashbox"): normalises the range (CASH-14..18, `normalizeCashboxRange`), checks the office, and
 * queues a `cashbox.calculate` job of the caller's; answers 202 `{ message, job: { id, href },
 * dateGte, dateLte, officeId }` with `Location: /core/api/jobs/<id>`, which the caller polls
 * (progress: loading, calculating, storing) until its result names the new period version.
 * 401 anonymous; 403 for anyone but administrators, billing managers, top managers and the
 * cashbox operator (`calculatesCashbox`); 400 with field errors for a missing office or a range
 * that is no date. Like the jobs routes it stands outside the OpenAPI document.
 */
export function registerCashboxRoutes(app: FastifyInstance, db: Database): void {
  app.post(CASHBOX_CALCULATE_PATH, async (request, reply) => {
    const user = requireUser(request);
    if (!calculatesCashbox(user.roles))
      throw forbidden('Only administrators, top managers and billing managers calculate the cashbox');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const rawOffice =
      body.officeId && typeof body.officeId === 'object' ? (body.officeId as { id?: unknown }).id : body.officeId;
    const officeId = typeof rawOffice === 'string' && /^\d+$/.test(rawOffice) ? Number(rawOffice) : rawOffice;
    if (typeof officeId !== 'number' || !Number.isSafeInteger(officeId) || officeId <= 0)
      throw fieldError('officeId', body.officeId ?? null, 'is required: the office to calculate');
    const [office] = await db.query('SELECT id FROM offices WHERE id = $1 AND currency_id IS NOT NULL', [officeId]);
    if (!office) throw fieldError('officeId', officeId, 'names no office with a currency');
    const text = (v: unknown, name: string): string | null => {
      if (v === undefined || v === null || v === '') return null;
      if (typeof v !== 'string') throw fieldError(name, v, 'must be a date, a month or a year');
      return v;
    };
    let range: { dateGte: string; dateLte: string };
    try {
      range = normalizeCashboxRange(text(body.dateGte, 'dateGte'), text(body.dateLte, 'dateLte'));
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw fieldError('dateGte', body.dateGte ?? null, (err as Error).message);
    }
    const payload: CashboxJobPayload = { officeId, ...range, username: user.username };
    const id = await enqueueJob(db, CASHBOX_CALCULATE, payload, { createdBy: user.username });
    const href = `${JOBS_PATH}/${id}`;
    return reply
      .code(202)
      .header('Location', href)
      .send({
        message: `The cashbox of ${range.dateGte}..${range.dateLte} is calculated as job ${id}`,
        job: { id, href },
        ...range,
        officeId,
      });
  });
}

import type { FastifyInstance } from 'fastify';
import { isAdmin } from '../../../schemas/access';
import type { Database } from '../../db/database';
import { forbidden } from '../../rest/errors';
import { requireUser } from '../../rest/request';
import { runMoneyCheck } from './index';
import { serviceTotals } from './totals';

/** The money check's route. */
export const MONEY_CHECK_PATH = '/core/api/moneyCheck';

/**
 * `GET /core/api/moneyCheck` (MC-8, docs/api.md "Money check"): the money check over the
 * server's database, for administrators (ADMIN, SUPER_ADMIN) only - 401 anonymous, 403 anyone
 * else. Answers `{ problems: MoneyProblem[], checked: { <invariant>: number } }`; the total
 * endpoints are asked as the calling administrator. Like the jobs routes it stands outside the
 * OpenAPI document, whose every path the fuzz ties to an entity and calls a thousand times (a scan
 * of the whole database each); docs/api.md describes it.
 */
export function registerMoneyCheckRoutes(app: FastifyInstance, db: Database): void {
  app.get(MONEY_CHECK_PATH, async (request) => {
    const user = requireUser(request);
    if (!isAdmin(user.roles)) throw forbidden('The money check is for administrators');
    const { problems, checked } = await runMoneyCheck(db, { totals: serviceTotals(db, user) });
    return { problems, checked };
  });
}

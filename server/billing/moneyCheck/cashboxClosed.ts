import { cashboxVersionDigest } from '../../cashbox/digest';
import { periods, versionName } from './cashboxCommon';
import type { Invariant, MoneyProblem } from './types';

export const CASHBOX_CLOSED_UNCHANGED = 'cashbox-closed-unchanged';

/**
 * A closed cashbox version is unchanged since closing (MC-8, docs/areas/cashbox-store.md
 * "Closing"): closing stores the digest of its figures (`closedDigest`, `cashboxVersionDigest` in
 * server/cashbox/digest.ts: the period's frame and every row of its result collections and
 * calculated debts, without system columns and the edits allowed after closing); the check
 * computes it again for every closed version. A closed version without a digest is a problem too:
 * nothing shows it unchanged.
 */
export const cashboxClosedUnchanged: Invariant = {
  name: CASHBOX_CLOSED_UNCHANGED,
  description:
    'A closed cashbox version is unchanged since it was closed: the digest of its figures is the one stored when closing',
  async check(db) {
    const closed = await db.query<{ id: string | number; name: string; digest: string | null }>(
      `SELECT p.id, ${versionName()} AS name, p.closed_digest AS digest FROM ${periods} WHERE p.status = 'CLOSED' ORDER BY p.id`,
    );
    const problems: MoneyProblem[] = [];
    for (const row of closed) {
      const id = Number(row.id);
      const base = { invariant: CASHBOX_CLOSED_UNCHANGED, collection: 'cashboxPeriods', id };
      if (!row.digest) {
        problems.push({ ...base, message: `${row.name} is closed without the digest of its figures` });
        continue;
      }
      const now = await cashboxVersionDigest(db, id);
      if (now !== row.digest)
        problems.push({
          ...base,
          message: `${row.name} changed since it was closed: the digest of its figures is ${now}, ${row.digest} when closed`,
          details: { closedDigest: row.digest, digest: now },
        });
    }
    return { problems, checked: closed.length };
  },
};

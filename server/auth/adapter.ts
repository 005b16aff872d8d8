import { getTableName } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database';
import { oidcPayloads } from './tables';

const T = getTableName(oidcPayloads);
/** Share of writes that also sweep expired rows (keeps the table small without a job). */
const SWEEP_RATE = 0.02;

/**
 * oidc-provider storage on `oidc_payloads` (one row per model instance, PK (kind, id)), so any
 * server instance can continue any sign-in (ARCHITECTURE "Scale out"). Expired rows are ignored
 * on read and swept now and then on write.
 *
 * @example new Provider(issuer, { adapter: dbAdapterFactory(db) })
 */
export function dbAdapterFactory(db: Database): (kind: string) => Adapter {
  return (kind) => new DbAdapter(db, kind);
}

class DbAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
    await this.db.query(
      `INSERT INTO ${T} (id, kind, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7::timestamptz)
       ON CONFLICT (kind, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
         user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      [
        id,
        this.kind,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
    if (Math.random() < SWEEP_RATE) await this.db.query(`DELETE FROM ${T} WHERE expires_at < now()`);
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.query(
      `UPDATE ${T} SET payload = payload || jsonb_build_object('consumed', $3::bigint) WHERE kind = $1 AND id = $2`,
      [this.kind, id, Math.floor(Date.now() / 1000)],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db.query(`DELETE FROM ${T} WHERE kind = $1 AND id = $2`, [this.kind, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query(`DELETE FROM ${T} WHERE kind = $1 AND grant_id = $2`, [this.kind, grantId]);
  }

  private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const rows = await this.db.query<{ payload: AdapterPayload }>(
      `SELECT payload FROM ${T} WHERE kind = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`,
      [this.kind, value],
    );
    return rows[0]?.payload;
  }
}

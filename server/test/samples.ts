import { shapeOf, type EntitySchema, type Field, type FilterSpec, type WireRecord } from '../../schemas/define';
import { dictionaryCode } from '../../schemas/dictionaries';
import { sampleValue } from '../../schemas/fieldTypes/index';
import { endsBeforeStart } from '../../schemas/fieldTypes/range';
import { findSchema, getSchema } from '../../schemas/index';
import { collectionPath } from '../rest/values';
import type { Harness } from './harness';

/**
 * Valid create payloads for any stored schema, built from its field declarations and the rows the
 * API itself offers: references are picked from the target collection's list with the field's
 * `filter` and the target's `pickListFilter` applied (what the SPA's pick lists send), so the
 * payload passes every rule a form's payload passes. Each call yields fresh values for unique
 * fields, so many records of one schema can be created in one run.
 *
 * @example
 * const samples = new Samples(h);
 * const body = await samples.payload(getSchema('clients'));
 * await h.request('admin', 'POST', '/core/api/clients', body); // 201
 */
/** Entities whose periods may not overlap (one matter rate per job title and period, MC-3). */
const DISJOINT_PERIODS = new Set(['matterRates']);

/** The scoped unique keys of a schema: each field declared `unique: [...]` with its scope. */
const scopedKeys = (schema: EntitySchema): string[][] =>
  Object.entries(schema.fields).flatMap(([name, fd]) => (Array.isArray(fd.unique) ? [[name, ...fd.unique]] : []));

export class Samples {
  private counter = 0;
  private readonly picks = new Map<string, Promise<number | undefined>>();

  /** @param h the harness whose `admin` user lists the reference targets */
  constructor(private readonly h: Harness) {}

  /**
   * A create payload with every writable field set (child collections left out). The references
   * of a scoped unique key (a transit account's currency within its office account) take the
   * target's rows in turn, and a combination already stored is drawn again (up to 50 times).
   */
  async payload(schema: EntitySchema): Promise<WireRecord> {
    const keys = scopedKeys(schema);
    const rotate = new Set(keys.flat());
    let out: WireRecord = {};
    for (let attempt = 0; attempt < 50; attempt++) {
      // a growing stride, so references drawn in turn do not repeat the same combination
      this.counter += attempt;
      out = {};
      for (const [name, fd] of Object.entries(schema.fields)) {
        // what the server owns is not the client's to send (H2-04)
        if (fd.readOnly || fd.serverOwned) continue;
        const v = await this.value(fd, rotate.has(name));
        if (v !== undefined) out[name] = v;
      }
      this.periodOf(schema, out);
      // the range rule (H2-09): a sampled end before its sampled start becomes the start
      for (const [name, fd] of Object.entries(schema.fields))
        if (fd.notBefore && endsBeforeStart(out[fd.notBefore], out[name])) out[name] = out[fd.notBefore];
      if (!(await this.taken(schema, keys, out))) break;
    }
    // every combination with the stored scopes is taken (two traffic types in each office): a new
    // row of the scope (an office) makes room
    if (await this.taken(schema, keys, out)) out = await this.inFreshScope(schema, keys, out);
    // the payload rules a form applies: a field whose condition does not hold is not sent
    for (const [name, fd] of Object.entries(schema.fields)) if (fd.sendWhen && !fd.sendWhen(out)) delete out[name];
    return out;
  }

  /**
   * For an entity whose rules refuse overlapping periods ({@link DISJOINT_PERIODS}), a period
   * (`dateGte`..`dateLte`) of its own for each sample, two days after the last: the calendar
   * samples wrap every 28 days and may end before they start.
   */
  private periodOf(schema: EntitySchema, out: WireRecord): void {
    if (!DISJOINT_PERIODS.has(schema.name)) return;
    const day = 86_400_000;
    const start = Date.UTC(1990, 0, 1) + this.next() * 2 * day;
    out.dateGte = new Date(start).toISOString().slice(0, 10);
    out.dateLte = new Date(start + day).toISOString().slice(0, 10);
  }

  /**
   * `out` with the scope of its first taken key moved to a row created for it, so the key's
   * combination is new.
   * @throws Error when the scope is no reference, or its row cannot be created
   */
  private async inFreshScope(schema: EntitySchema, keys: string[][], out: WireRecord): Promise<WireRecord> {
    const [, scope] = keys.find((k) => k.length > 1) ?? [];
    const fd = scope ? schema.fields[scope] : undefined;
    if (!scope || !fd?.target) throw new Error(`setup: every sample of ${schema.name} is taken`);
    const target = getSchema(fd.target);
    const r = await this.h.json<{ id: number }>('admin', 'POST', collectionPath(target), await this.payload(target));
    if (r.status !== 201) throw new Error(`setup: a new ${target.name} for ${schema.name} answered ${r.status}`);
    return { ...out, [scope]: shapeOf(fd) === 'flatId' ? r.body.id : { id: r.body.id } };
  }

  /** Whether a row with the payload's values of one of the scoped unique keys is stored already. */
  private async taken(schema: EntitySchema, keys: string[][], out: WireRecord): Promise<boolean> {
    for (const key of keys) {
      const query = new URLSearchParams({ size: '1' });
      for (const name of key) {
        const v = out[name];
        if (v === undefined || v === null) return false;
        if (typeof v === 'object') query.set(`${name}.id`, String((v as { id: number }).id));
        else query.set(name, String(v));
      }
      const r = await this.h.json<{ _embedded?: Record<string, unknown[]> }>(
        'admin',
        'GET',
        `${collectionPath(schema)}?${query}`,
      );
      if ((r.body._embedded?.[schema.name]?.length ?? 0) > 0) return true;
    }
    return false;
  }

  /**
   * The id of the first row (by id) of `schema` that the filter selects, as `admin` lists it;
   * undefined when none. Cached per schema and filter.
   */
  firstId(schema: EntitySchema, filter: FilterSpec = {}): Promise<number | undefined> {
    const query = new URLSearchParams({ size: '1', sort: 'id,asc' });
    for (const [k, v] of Object.entries(filter)) query.set(k, Array.isArray(v) ? v.join(',') : String(v));
    const url = `${collectionPath(schema)}?${query}`;
    let pick = this.picks.get(url);
    if (!pick) {
      pick = this.h.json<{ _embedded?: Record<string, Array<{ id: number }>> }>('admin', 'GET', url).then((r) => {
        if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}: ${JSON.stringify(r.body)}`);
        return r.body._embedded?.[schema.name]?.[0]?.id;
      });
      this.picks.set(url, pick);
    }
    return pick;
  }

  /** The `n`-th (modulo the count) of the first 100 rows of `schema` that the filter selects. */
  private async nthId(schema: EntitySchema, filter: FilterSpec, n: number): Promise<number | undefined> {
    const query = new URLSearchParams({ size: '100', sort: 'id,asc' });
    for (const [k, v] of Object.entries(filter)) query.set(k, Array.isArray(v) ? v.join(',') : String(v));
    const r = await this.h.json<{ _embedded?: Record<string, Array<{ id: number }>> }>(
      'admin',
      'GET',
      `${collectionPath(schema)}?${query}`,
    );
    const rows = r.body._embedded?.[schema.name] ?? [];
    return rows.length ? rows[n % rows.length]!.id : undefined;
  }

  private next(): number {
    return ++this.counter;
  }

  private async ref(fd: Field, target: EntitySchema, rotate: boolean): Promise<number | undefined> {
    const filter = { ...target.pickListFilter, ...fd.filter };
    // a reference of a scoped unique key (a matter's team member) takes the rows in turn, so
    // successive samples do not collide on the same pair
    if (rotate) {
      const id = await this.nthId(target, filter, this.next());
      if (id !== undefined) return id;
    }
    const id = (await this.firstId(target, filter)) ?? (fd.required ? await this.firstId(target) : undefined);
    if (id === undefined && fd.required) throw new Error(`no ${target.name} row to reference`);
    return id;
  }

  /**
   * A sample value of a field in wire units (the type module's sample, `schemas/fieldTypes/`);
   * references point at real rows; undefined to leave the field out.
   */
  private async value(fd: Field, rotate = false): Promise<unknown> {
    switch (shapeOf(fd)) {
      case 'scalar':
        return sampleValue(fd, this.next());
      case 'embedded':
        return sampleValue(fd, this.next());
      case 'children':
        return undefined;
      default:
        return this.reference(fd, rotate);
    }
  }

  /** A to-one or to-many value naming a row of the field's target that its pick list offers. */
  private async reference(fd: Field, rotate: boolean): Promise<unknown> {
    if (fd.via || !findSchema(fd.target!)) return undefined;
    const entries = fd.dictionary ? { 'type.code': dictionaryCode(fd.dictionary) } : undefined;
    const id = entries
      ? rotate
        ? await this.nthId(getSchema(fd.target!), entries, this.next())
        : await this.firstId(getSchema(fd.target!), entries)
      : await this.ref(fd, getSchema(fd.target!), rotate);
    if (id === undefined) return undefined;
    const shape = shapeOf(fd);
    return shape === 'links' ? [{ id }] : shape === 'flatId' ? id : { id };
  }
}

import { shapeOf, type EntitySchema, type Field, type FilterSpec, type WireRecord } from '../../schemas/define';
import { dictionaryCode } from '../../schemas/dictionaries';
import { sampleValue } from '../../schemas/fieldTypes/index';
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
export class Samples {
  private counter = 0;
  private readonly picks = new Map<string, Promise<number | undefined>>();

  /** @param h the harness whose `admin` user lists the reference targets */
  constructor(private readonly h: Harness) {}

  /** A create payload with every writable field set (child collections left out). */
  async payload(schema: EntitySchema): Promise<WireRecord> {
    const out: WireRecord = {};
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (fd.readOnly) continue;
      const v = await this.value(fd);
      if (v !== undefined) out[name] = v;
    }
    // the payload rules a form applies: a field whose condition does not hold is not sent
    for (const [name, fd] of Object.entries(schema.fields)) if (fd.sendWhen && !fd.sendWhen(out)) delete out[name];
    return out;
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

  private async ref(fd: Field, target: EntitySchema): Promise<number | undefined> {
    const filter = { ...target.pickListFilter, ...fd.filter };
    // a reference unique within a scope (a matter's team member) takes the rows in turn, so
    // successive samples do not collide on the same pair
    if (Array.isArray(fd.unique)) {
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
  private async value(fd: Field): Promise<unknown> {
    switch (shapeOf(fd)) {
      case 'scalar':
        return sampleValue(fd, this.next());
      case 'embedded':
        return sampleValue(fd, this.next());
      case 'children':
        return undefined;
      default:
        return this.reference(fd);
    }
  }

  /** A to-one or to-many value naming a row of the field's target that its pick list offers. */
  private async reference(fd: Field): Promise<unknown> {
    if (fd.via || !findSchema(fd.target!)) return undefined;
    const id = fd.dictionary
      ? await this.firstId(getSchema(fd.target!), { 'type.code': dictionaryCode(fd.dictionary) })
      : await this.ref(fd, getSchema(fd.target!));
    if (id === undefined) return undefined;
    const shape = shapeOf(fd);
    return shape === 'links' ? [{ id }] : shape === 'flatId' ? id : { id };
  }
}

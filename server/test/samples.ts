import type { EntitySchema, Field, FilterSpec, WireRecord } from '../../schemas/define';
import { dictionaryCode } from '../../schemas/dictionaries';
import { getSchema } from '../../schemas/index';
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
  private readonly tag = Date.now().toString(36).slice(-4);

  /** @param h the harness whose `admin` user lists the reference targets */
  constructor(private readonly h: Harness) {}

  /** A create payload with every writable field set (child collections left out). */
  async payload(schema: EntitySchema): Promise<WireRecord> {
    const out: WireRecord = {};
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (fd.readOnly || fd.type === 'children') continue;
      const v = await this.value(name, fd);
      if (v !== undefined) out[name] = v;
    }
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

  private next(): number {
    return ++this.counter;
  }

  /** Text of at most `maxLength` matching the field's pattern; unique values differ per call. */
  private text(fd: Field, name: string): string {
    const max = fd.maxLength ?? (fd.type === 'longText' ? 1000 : 255);
    const n = this.next();
    const letters = [n % 26, Math.floor(n / 26) % 26, Math.floor(n / 676) % 26]
      .map((i) => String.fromCharCode(65 + i))
      .join('');
    const candidates = fd.pattern
      ? [fd.unique ? `Q${letters}`.slice(0, 3) : 'QQQ', letters, 'Q', 'Q1', '1', 'q', 'sample']
      : [`Sample ${name} ${fd.unique ? `${this.tag}${n}` : ''}`.trim()];
    const fit = (s: string) => (s.length > max ? s.slice(s.length - max) : s);
    const ok = candidates
      .map(fit)
      .find((s) => (!fd.pattern || new RegExp(fd.pattern).test(s)) && s.length >= (fd.minLength ?? 0));
    if (!ok) throw new Error(`no sample text for ${name} (pattern ${fd.pattern})`);
    return ok;
  }

  private async ref(fd: Field, target: EntitySchema): Promise<number | undefined> {
    const filter = { ...target.pickListFilter, ...fd.filter };
    const id = (await this.firstId(target, filter)) ?? (fd.required ? await this.firstId(target) : undefined);
    if (id === undefined && fd.required) throw new Error(`no ${target.name} row to reference`);
    return id;
  }

  /** A sample value of a field in wire units; undefined to leave it out. */
  private async value(name: string, fd: Field): Promise<unknown> {
    switch (fd.type) {
      case 'text':
      case 'longText':
      case 'password':
        return this.text(fd, name);
      case 'email':
        return `sample${this.tag}${this.next()}@example.test`;
      case 'phone':
        return '+7 700 000 00 00';
      case 'url':
        return 'https://example.test/sample';
      case 'enum': {
        const values = fd.values ?? [];
        // a unique enum (privileges.module per role) takes the next value each time
        return fd.unique ? values[this.next() % values.length] : values[values.length - 1];
      }
      case 'number':
      case 'durationMs': {
        const base = fd.unique ? 9000 + this.next() : 1;
        return Math.min(Math.max(base, fd.min ?? base), fd.max ?? base);
      }
      case 'money':
        return '12.3400';
      case 'percent':
        return 0.25;
      case 'boolean':
        return true;
      case 'date':
        return '2026-03-31';
      case 'month':
        return '2026-03-01';
      case 'dateTime':
        return '2026-03-31T10:00:00.000Z';
      case 'ref': {
        const id = await this.ref(fd, getSchema(fd.target!));
        return id === undefined ? undefined : { id };
      }
      case 'refId':
        return this.ref(fd, getSchema(fd.target!));
      case 'dictionary':
      case 'dictionaryList': {
        const id = await this.firstId(getSchema('baseDictionaries'), { 'type.code': dictionaryCode(fd.dictionary!) });
        if (id === undefined) return undefined;
        return fd.type === 'dictionary' ? { id } : [{ id }];
      }
      case 'refList': {
        if (fd.via) return undefined;
        const id = await this.ref(fd, getSchema(fd.target!));
        return id === undefined ? undefined : [{ id }];
      }
      case 'embedded':
        return this.embedded(fd);
      case 'embeddedList':
        return [await this.embedded(fd)];
      default:
        return undefined;
    }
  }

  private async embedded(fd: Field): Promise<WireRecord> {
    const out: WireRecord = {};
    for (const [k, f] of Object.entries(fd.fields ?? {})) {
      const v = await this.value(k, f);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
}

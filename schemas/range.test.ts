import { describe, expect, it } from 'vitest';
import type { Field } from './define';
import { f } from './define';
import { invoices } from './billing/invoices';
import { projects } from './engagements/projects';
import { parseWire } from './fieldTypes/index';
import { endsBeforeStart, rangePoint } from './fieldTypes/range';
import { schemas } from './index';
import { rangeErrors } from './validation';

/** `fields` and, for embedded values, their members, as `[path, field, siblings]`. */
const everyField = (fields: Record<string, Field>, prefix = ''): Array<[string, Field, Record<string, Field>]> =>
  Object.entries(fields).flatMap(([name, fd]) => [
    [`${prefix}${name}`, fd, fields] as [string, Field, Record<string, Field>],
    ...(fd.fields ? everyField(fd.fields, `${prefix}${name}.`) : []),
  ]);

const DATED = new Set(['date', 'dateTime', 'month']);

describe('H2-09 the range rule (notBefore)', () => {
  it('H2-09 every start/end pair of dates in the schemas (xGte/xLte, embedded members too) is a range', () => {
    const missing: string[] = [];
    let pairs = 0;
    for (const schema of schemas)
      for (const [path, fd, siblings] of everyField(schema.fields)) {
        const name = path.split('.').pop()!;
        if (!name.endsWith('Lte') || !DATED.has(fd.type)) continue;
        const start = `${name.slice(0, -3)}Gte`;
        if (!siblings[start]) continue;
        pairs++;
        if (fd.notBefore !== start) missing.push(`${schema.name}.${path}`);
      }
    expect(missing).toEqual([]);
    expect(pairs).toBeGreaterThanOrEqual(10);
  });

  it('H2-09 an end before its start is refused at the end; the same day, an open bound or a later end pass', () => {
    expect(endsBeforeStart('2026-03-31', '2026-03-01')).toBe(true);
    expect(endsBeforeStart('2026-03-01', '2026-03-01')).toBe(false);
    expect(endsBeforeStart('2026-03-01', null)).toBe(false);
    expect(endsBeforeStart(undefined, '2026-03-01')).toBe(false);
    expect(endsBeforeStart('2026-03-01T10:00:00Z', new Date('2026-03-01T09:59:59Z'))).toBe(true);
    expect(endsBeforeStart('2026-04', '2026-03-31')).toBe(true);
    expect(rangePoint('not a date')).toBeUndefined();
    expect(rangeErrors(invoices, { periodGte: '2026-03-31', periodLte: '2026-03-01' })).toEqual([
      {
        entity: 'Invoice',
        property: 'periodLte',
        invalidValue: '2026-03-01',
        message: 'must not be before Period from',
      },
    ]);
    expect(rangeErrors(invoices, { periodGte: '2026-03-01', periodLte: '2026-03-31' })).toEqual([]);
  });

  it("H2-09 an embedded value judges its own members: a project's period ending before it starts", () => {
    const r = parseWire(projects.fields.periods!, [
      { periodIndexNumber: 0, dateGte: '2026-07-01', dateLte: '2026-06-30' },
    ]);
    expect('issues' in r && r.issues).toEqual([
      expect.objectContaining({ path: [0, 'dateLte'], message: 'must not be before From' }),
    ]);
    const one = f.embedded({ from: f.date(), to: f.date({ notBefore: 'from' }) });
    expect('value' in parseWire(one, { from: '2026-01-01', to: '2026-01-01' })).toBe(true);
  });
});

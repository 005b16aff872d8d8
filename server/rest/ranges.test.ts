import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isColumnField, servesGenericWrite, type EntitySchema, type WireRecord } from '../../schemas/define';
import { getSchema, storedSchemas } from '../../schemas/index';
import { MAX_TIME_DURATION_MS } from '../../schemas/work/times';
import { approversEverywhere } from '../test/approvers';
import { createHarness, type Harness } from '../test/harness';
import { Samples } from '../test/samples';
import { collectionPath } from './values';

/**
 * H2-09: a period may not end before it starts (the range rule, `notBefore`) and a time entry may
 * not last longer than a day - refused by the server with 400 at the end field, on create and on
 * an update that moves one bound past the stored other.
 */
let h: Harness;
let samples: Samples;
beforeAll(async () => {
  h = await createHarness();
  // MC-6: documents with an approval need their office's approvers (invoices)
  await approversEverywhere(h);
  samples = new Samples(h);
});
afterAll(async () => h?.close());

type Errors = { errors?: Array<{ property: string; message: string; invalidValue: unknown }> };

/** The day `days` after the ISO date `iso` (negative: before). */
const shift = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every entity's range column pairs (end, start) whose generic create and update the server serves. */
const ranges = storedSchemas()
  .filter((s) => servesGenericWrite(s, 'create') && servesGenericWrite(s, 'update'))
  .flatMap((s) =>
    Object.entries(s.fields)
      .filter(([, fd]) => fd.notBefore && isColumnField(fd))
      .map(([end, fd]) => [s.name, s, fd.notBefore!, end] as const),
  );

describe('H2-09 a period that ends before it starts', () => {
  it('H2-09 the range rule is declared on the invoice period and on every entity period (the list is not empty)', () => {
    const names = ranges.map(([name, , start, end]) => `${name}.${start}..${end}`);
    expect(names).toContain('invoices.periodGte..periodLte');
    expect(names).toContain('positions.dateGte..dateLte');
    expect(names).toContain('matterRates.dateGte..dateLte');
  });

  it.each(ranges)(
    'H2-09 %s: a create whose end is before its start is a 400 at the end; a PATCH moving the start past the stored end too',
    async (_name, schema: EntitySchema, start, end) => {
      const path = collectionPath(schema);
      const payload = await samples.payload(schema);
      const from = String(payload[start] ?? '2026-03-10');
      // 40 days before: an end normalised to its month's end (positions) is still before the start
      const reversed = { ...payload, [start]: from, [end]: shift(from, -40) };
      const refused = await h.json<Errors>('admin', 'POST', path, reversed);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors).toContainEqual(
        expect.objectContaining({ property: end, message: expect.stringMatching(/^must not be before /) }),
      );
      // the same day is a valid one-day period
      const created = await h.json<WireRecord & { id: number }>('admin', 'POST', path, {
        ...payload,
        [start]: from,
        [end]: from,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const lock = created.body[schema.lockProperty];
      const moved = await h.json<Errors>(
        'admin',
        'PATCH',
        `${path}/${created.body.id}`,
        { [start]: shift(from, 40) },
        { 'if-match': `"${String(lock)}"` },
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(400);
      expect(moved.body.errors?.[0]?.property).toBe(end);
    },
  );

  it("H2-09 an invoice's period ending before it starts is refused at periodLte, naming the start", async () => {
    const payload = await samples.payload(getSchema('invoices'));
    const r = await h.json<Errors>('admin', 'POST', '/core/api/invoices', {
      ...payload,
      periodGte: '2026-03-31',
      periodLte: '2026-03-01',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toEqual([
      expect.objectContaining({
        property: 'periodLte',
        invalidValue: '2026-03-01',
        message: 'must not be before Period from',
      }),
    ]);
  });

  it("H2-09 a project period (an embedded list's member) ending before it starts is refused at its member", async () => {
    const payload = await samples.payload(getSchema('projects'));
    const r = await h.json<Errors>('admin', 'POST', '/core/api/projects', {
      ...payload,
      periods: [
        { periodIndexNumber: 0, dateGte: '2026-01-01', dateLte: '2026-06-30' },
        { periodIndexNumber: 1, dateGte: '2026-07-01', dateLte: '2026-06-30' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toContainEqual(
      expect.objectContaining({ property: 'periods[1].dateLte', message: 'must not be before From' }),
    );
  });
});

describe('H2-09 a time entry of 400 days', () => {
  const time = (duration: unknown) =>
    h.json<Errors & { id?: number }>('lawyer', 'POST', '/core/api/times', {
      dateTime: '2026-03-02T09:00:00Z',
      workType: { id: h.fx.dict('WORK_TYPE', 1) },
      matter: { id: h.fx.matters.acmeMatter },
      workDescription: 'A long day',
      duration,
    });

  it('H2-09 a duration of 400 days is a 400 at duration saying the cap in hours; a day (24 h) is the most one entry holds', async () => {
    const long = await time(400 * 86_400_000);
    expect(long.status, JSON.stringify(long.body)).toBe(400);
    expect(long.body.errors).toContainEqual(
      expect.objectContaining({
        property: 'duration',
        message: 'must be less than or equal to 24 hours',
      }),
    );
    expect((await time(MAX_TIME_DURATION_MS + 1)).status).toBe(400);
    const day = await time(MAX_TIME_DURATION_MS);
    expect(day.status, JSON.stringify(day.body)).toBe(201);
  });
});

import { describe, expect, it } from 'vitest';
import { buildRows, cellChange, cellTotal, weekDays, weekStart } from './weekGrid';

const monday = new Date(2026, 10, 16); // Mon 16 Nov 2026, local time
const at = (day: number, hour = 9) => new Date(2026, 10, 16 + day, hour).toISOString();

describe('weekly grid (quick entry)', () => {
  it('starts weeks on Monday and has seven days', () => {
    expect(weekStart(new Date(2026, 10, 22, 18)).getTime()).toBe(monday.getTime()); // Sunday
    expect(weekStart(new Date(2026, 10, 16, 0, 5)).getTime()).toBe(monday.getTime());
    expect(weekDays(monday).map((d) => d.getDate())).toEqual([16, 17, 18, 19, 20, 21, 22]);
  });

  it('groups entries by matter, else project, into the days of the week; picked rows stay', () => {
    const rows = buildRows(
      [
        { id: 1, dateTime: at(0), duration: 900_000, matter: { id: 7, number: 'M-7', description: 'Audit' } },
        { id: 2, dateTime: at(0, 14), duration: 1_800_000, matter: { id: 7, number: 'M-7' } },
        { id: 3, dateTime: at(2), duration: 3_600_000, project: { id: 3, number: 'P-3' } },
        { id: 4, dateTime: at(8), duration: 3_600_000, matter: { id: 7 } }, // next week
        { id: 5, dateTime: at(1), duration: 3_600_000 }, // neither matter nor project
      ],
      monday,
      [{ kind: 'matter', id: 9, label: 'M-9 New' }],
    );
    expect(rows.map((r) => [r.key, r.label])).toEqual([
      ['matter:7', 'M-7 Audit'],
      ['matter:9', 'M-9 New'],
      ['project:3', 'P-3'],
    ]);
    expect(rows[0]!.cells.map(cellTotal)).toEqual([2_700_000, 0, 0, 0, 0, 0, 0]);
    expect(rows[2]!.cells[2]!.map((e) => e.id)).toEqual([3]);
  });

  it('a cell creates, changes, deletes its one entry, and refuses to split several', () => {
    const one = [{ id: 1, duration: 900_000 }];
    expect(cellChange([], 5_400_000)).toEqual({ kind: 'create', duration: 5_400_000 });
    expect(cellChange([], 0)).toEqual({ kind: 'none' });
    expect(cellChange(one, 900_000)).toEqual({ kind: 'none' });
    expect(cellChange(one, 1_800_000)).toEqual({ kind: 'update', record: one[0], duration: 1_800_000 });
    expect(cellChange(one, 0)).toEqual({ kind: 'delete', record: one[0] });
    expect(cellChange([...one, { id: 2, duration: 900_000 }], 600_000).kind).toBe('refuse');
    expect(cellChange(one, undefined).kind).toBe('refuse');
  });

  it('TIME-18 emptying the cell of an entry the user may not delete is refused, not sent', () => {
    const billed = { id: 9, dateTime: at(0), duration: 3_600_000, billingStatus: { code: 4 } };
    expect(cellChange([billed], 0, () => false)).toMatchObject({ kind: 'refuse' });
    expect(cellChange([billed], 0, () => true)).toEqual({ kind: 'delete', record: billed });
    expect(cellChange([billed], 1_800_000, () => false)).toMatchObject({ kind: 'update', duration: 1_800_000 });
  });
});

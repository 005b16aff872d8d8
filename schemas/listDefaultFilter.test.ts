import { describe, expect, it, vi } from 'vitest';
import { listDefaultFilter } from './define';

describe('listDefaultFilter', () => {
  it('answers a plain default filter as declared and {} without one', () => {
    expect(listDefaultFilter({ list: { defaultFilter: { 'status.code.ne': 3 } } })).toEqual({ 'status.code.ne': 3 });
    expect(listDefaultFilter({ list: {} })).toEqual({});
    expect(listDefaultFilter({})).toEqual({});
  });

  it('BUD-11 calls a function default each time, so a range ending today moves with the day', () => {
    vi.useFakeTimers();
    try {
      const spec = () => ({ 'date.lte': new Date().toISOString().slice(0, 10) });
      vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
      expect(listDefaultFilter({ list: { defaultFilter: spec } })).toEqual({ 'date.lte': '2026-11-23' });
      vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
      expect(listDefaultFilter({ list: { defaultFilter: spec } })).toEqual({ 'date.lte': '2026-11-24' });
    } finally {
      vi.useRealTimers();
    }
  });
});

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { normaliseEnd, normaliseStart, previousMonthRange } from './period';

/** The report's choices, kept in the address so a report can be shared and Back undoes a change. */
export interface CashboxState {
  officeId: number | undefined;
  dateGte: string;
  dateLte: string;
  byMe: boolean;
  /** The version picked; none = the latest. */
  periodId: number | undefined;
}

const num = (v: string | null): number | undefined => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * The cashbox report's state read from the address (`?office=2&from=2026-10-01&to=2026-10-31&byMe=1&period=7`):
 * the previous month when no range is given (CASH-14), the range normalised to whole months
 * (CASH-15..18) on the way in and on every change.
 */
export function useCashboxState(now?: Date): [CashboxState, (change: Partial<CashboxState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo((): CashboxState => {
    const fallback = previousMonthRange(now);
    const safe = (f: (v: string) => string, v: string | null, d: string) => {
      try {
        return v ? f(v) : d;
      } catch {
        return d;
      }
    };
    return {
      officeId: num(params.get('office')),
      dateGte: safe(normaliseStart, params.get('from'), fallback.dateGte),
      dateLte: safe(normaliseEnd, params.get('to'), fallback.dateLte),
      byMe: params.get('byMe') === '1',
      periodId: num(params.get('period')),
    };
  }, [params, now]);
  const update = useCallback(
    (change: Partial<CashboxState>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const put = (key: string, value: string | undefined) =>
            value === undefined || value === '' ? next.delete(key) : next.set(key, value);
          if ('officeId' in change) put('office', change.officeId?.toString());
          if ('dateGte' in change && change.dateGte) put('from', normaliseStart(change.dateGte));
          if ('dateLte' in change && change.dateLte) put('to', normaliseEnd(change.dateLte));
          if ('byMe' in change) put('byMe', change.byMe ? '1' : undefined);
          // another office or month has other versions: back to the latest unless one is named
          if ('periodId' in change || 'officeId' in change || 'dateGte' in change || 'dateLte' in change)
            put('period', change.periodId?.toString());
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );
  return [state, update];
}

import { useCallback, useEffect, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { clearTimer, readTimer, timerKey, writeTimer, type TimerMatter, type TimerState } from './timerStore';

export interface RunningTimer {
  /** False until the identity is known (the storage key is per user). */
  ready: boolean;
  /** The stored timer, `null` when none. */
  state: TimerState | null;
  /** `Date.now()` of the last tick: re-rendered each second while the timer runs. */
  now: number;
  start: (matter?: TimerMatter | null) => void;
  stop: () => void;
  /** Forgets the timer (after a save, or a confirmed discard). */
  clear: () => void;
}

/**
 * The signed-in user's timer (NAV-13): read from localStorage (`timerStore.ts`), ticking once a
 * second while it runs, and following another tab's start, stop or save (the `storage` event).
 */
export function useRunningTimer(): RunningTimer {
  const { data: identity, isPending } = useGetIdentity();
  const userId = identity?.id;
  const [state, setState] = useState<TimerState | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (userId == null) return;
    setState(readTimer(localStorage, userId));
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === timerKey(userId)) setState(readTimer(localStorage, userId));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId]);

  const running = state !== null && !state.stoppedAt;
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [running]);

  const put = useCallback(
    (next: TimerState | null) => {
      if (userId == null) return;
      if (next) writeTimer(localStorage, userId, next);
      else clearTimer(localStorage, userId);
      setState(next);
      setNow(Date.now());
    },
    [userId],
  );

  return {
    ready: !isPending && userId != null,
    state,
    now,
    start: (matter) => put({ start: new Date().toISOString(), matter: matter ?? null }),
    stop: () => state && put({ ...state, stoppedAt: new Date().toISOString() }),
    clear: () => put(null),
  };
}

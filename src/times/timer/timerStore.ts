/**
 * The running timer of the lawyer's phone (NAV-13, TIME-03): one per user, kept in the browser's
 * localStorage under `bureau.timer.<user id>` so that it survives a reload and a closed tab. Pure
 * functions over a `Storage`; the hook (`useRunningTimer`) renders them.
 */
import { DEFAULT_DURATION_MS, MAX_DURATION_MS } from '../duration';

/** The firm's time step: entries are booked in quarter hours (TIME-03), 900000 ms. */
export const TIMER_STEP_MS = DEFAULT_DURATION_MS;

/** A matter the timer runs on: its id and the text the pick list showed (`M-12 Contract review`). */
export interface TimerMatter {
  id: number | string;
  text?: string;
}

/**
 * What is stored: the start instant (ISO 8601, UTC), the matter if one was picked, and once
 * stopped the stop instant (the short form is then open, and stays open after a reload).
 */
export interface TimerState {
  start: string;
  matter?: TimerMatter | null;
  stoppedAt?: string;
}

/** The localStorage key of a user's timer: `bureau.timer.<user id>` (the identity's `id`). */
export const timerKey = (userId: string | number): string => `bureau.timer.${String(userId)}`;

const isState = (v: unknown): v is TimerState =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as TimerState).start === 'string' &&
  !Number.isNaN(Date.parse((v as TimerState).start));

/** The user's stored timer, or `null` when none runs (or the stored text is not a timer). */
export function readTimer(storage: Storage, userId: string | number): TimerState | null {
  try {
    const v: unknown = JSON.parse(storage.getItem(timerKey(userId)) ?? 'null');
    return isState(v) ? v : null;
  } catch {
    return null;
  }
}

/** Stores the user's timer, replacing any other: one timer per user. */
export function writeTimer(storage: Storage, userId: string | number, state: TimerState): void {
  storage.setItem(timerKey(userId), JSON.stringify(state));
}

/** Forgets the user's timer (saved or discarded). */
export function clearTimer(storage: Storage, userId: string | number): void {
  storage.removeItem(timerKey(userId));
}

/** Milliseconds run from `state.start` to its stop instant, or to `now` while it runs; never negative. */
export function elapsedMs(state: TimerState, now: number = Date.now()): number {
  const end = state.stoppedAt ? Date.parse(state.stoppedAt) : now;
  return Math.max(0, end - Date.parse(state.start));
}

/**
 * An elapsed time as the entry's duration: rounded UP to the 15-minute step, at least one step,
 * at most a day (the longest entry the API accepts, `MAX_DURATION_MS`).
 *
 * @example
 * roundUpToStep(2_000)      // 900000 (15 min)
 * roundUpToStep(900_000)    // 900000
 * roundUpToStep(900_001)    // 1800000 (30 min)
 */
export function roundUpToStep(ms: number, step: number = TIMER_STEP_MS): number {
  const steps = Math.max(1, Math.ceil(ms / step));
  return Math.min(steps * step, MAX_DURATION_MS);
}

/**
 * The running time as `h:mm:ss` (whole seconds, hours not capped).
 * @example formatElapsed(3_723_000) // '1:02:03'
 */
export function formatElapsed(ms: number): string {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/**
 * Where the entry starts: the timer's start to the minute, but not before today's midnight
 * (a timer run over midnight is booked today, from 00:00).
 */
export function entryStart(state: TimerState, now: Date = new Date()): Date {
  const start = new Date(state.start);
  start.setSeconds(0, 0);
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return start < midnight ? midnight : start;
}

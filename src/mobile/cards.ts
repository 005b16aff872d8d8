import type { ComponentType } from 'react';
import { findSchema } from '../../schemas/registry';
import type { EntitySchema } from '../../schemas/define';
import { DEFAULT_DURATION_MS } from '../times/duration';
import { RecentClientsCard } from './RecentClientsCard';
import { TodayTasksCard } from './TodayTasksCard';
import { LogTimeCard } from './LogTimeCard';
import { RecentMattersCard } from './RecentMattersCard';
import { TimerCard } from '../times/timer/TimerCard';

/**
 * The `/mobile-app` cards (NAV-13). Each area adds its own card here, or turns a waiting one on by
 * giving it a `component`: a card shows its component once every entity in `requires` exists in
 * the schema registry, and until then a friendly "coming with the <area> area" note.
 *
 * @example
 * // the time area, once `schemas/work/times.ts` is registered:
 * { id: 'log-time', title: 'Log 15 minutes', area: 'time', requires: ['times'], component: LogTimeCard, ... }
 */
export interface MobileCard {
  id: string;
  title: string;
  /** The area whose arrival brings this card to life (shown in the waiting note). */
  area: string;
  /** Entity names (schema `name`) the card reads or writes. */
  requires: readonly string[];
  /** The live card; absent while its area is not built. */
  component?: ComponentType;
  /** What the card will do, shown while it waits. */
  promise: string;
}

/** A new time entry's duration on the "Log 15 minutes" card: 900000 ms (TIME-03). */
export const DEFAULT_TIME_DURATION_MS = DEFAULT_DURATION_MS;

export const mobileCards: MobileCard[] = [
  {
    id: 'recent-clients',
    title: 'Recent clients',
    area: 'CRM',
    requires: ['clients'],
    component: RecentClientsCard,
    promise: 'The clients changed most recently.',
  },
  {
    id: 'today-tasks',
    title: "Today's tasks",
    area: 'time',
    requires: ['times'],
    component: TodayTasksCard,
    promise: 'Your tasks for today, ready to tick off.',
  },
  {
    id: 'timer',
    title: 'Timer',
    area: 'time',
    requires: ['times', 'matters'],
    component: TimerCard,
    promise: 'Start a timer, stop it, and log the time rounded up to 15 minutes.',
  },
  {
    id: 'log-time',
    title: 'Log 15 minutes',
    area: 'time',
    requires: ['times', 'matters'],
    component: LogTimeCard,
    promise: `Record ${DEFAULT_TIME_DURATION_MS / 60_000} minutes of work on a matter in two taps.`,
  },
  {
    id: 'recent-matters',
    title: 'Recent matters',
    area: 'matters',
    requires: ['matters'],
    component: RecentMattersCard,
    promise: 'The matters you worked on last.',
  },
];

export type CardState =
  { card: MobileCard; ready: true; component: ComponentType } | { card: MobileCard; ready: false };

/**
 * Each card with whether it can show its component: all `requires` entities registered and a
 * component given. `find` is the registry lookup (`findSchema`), injectable for tests.
 */
export const cardStates = (
  cards: readonly MobileCard[] = mobileCards,
  find: (name: string) => EntitySchema | undefined = findSchema,
): CardState[] =>
  cards.map((card) =>
    card.component && card.requires.every((name) => find(name) !== undefined)
      ? { card, ready: true, component: card.component }
      : { card, ready: false },
  );

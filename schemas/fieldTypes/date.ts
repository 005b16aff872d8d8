import { calendar } from './dates';

/** `date`: a calendar date, `YYYY-MM-DD`. */
export const date = calendar('date', (seed) => `2026-03-${String(1 + (seed % 28)).padStart(2, '0')}`);

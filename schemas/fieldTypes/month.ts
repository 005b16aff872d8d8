import { calendar } from './dates';

/** `month`: the first day of a month, `YYYY-MM-DD`; `YYYY-MM` and any day of the month accepted. */
export const month = calendar('month', (seed) => `2026-${String(1 + (seed % 12)).padStart(2, '0')}-01`);

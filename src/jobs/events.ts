/** The window event that makes the jobs panel (`JobsButton.tsx`) read the user's jobs again. */
export const JOBS_CHANGED = 'bureau:jobs-changed';

/** sessionStorage key of the start location (NAV-08). */
export const START_LOCATION_KEY = 'startLocation';

/** Locations that never count as the start location: the sign-in pages and the OIDC callback. */
const NOT_A_START = /^\/(authorization|auth-callback|login|forgot-password|reset-password)(\/|$)/;

/**
 * Keeps the first visited location that is not authorization, login, forgot-password or
 * reset-password in sessionStorage (NAV-08). Later calls leave it unchanged.
 * @param location a path with its query, e.g. `/clients/5?tab=contacts`
 */
export const rememberStartLocation = (location: string, storage: Storage = sessionStorage): void => {
  if (storage.getItem(START_LOCATION_KEY) !== null) return;
  const path = location.split(/[?#]/)[0] ?? '';
  if (NOT_A_START.test(path)) return;
  storage.setItem(START_LOCATION_KEY, location);
};

/** The remembered start location, or `null`. */
export const getStartLocation = (storage: Storage = sessionStorage): string | null =>
  storage.getItem(START_LOCATION_KEY);

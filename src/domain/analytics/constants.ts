/**
 * Spec §9's analytics constants, apart from the catalogue so a page's first load (track.ts) does
 * not carry zod for them.
 */
/** The analytics cookie lives one day. */
export const ANALYTICS_COOKIE_DAYS = 1;
/** A tracked link waits at most this long for its event before it navigates. */
export const LINK_TRACKING_TIMEOUT_MS = 700;
/** The first-party anonymous id (a visitor's events in one day belong together); set only after analytics consent. */
export const ANALYTICS_ID_COOKIE = 'codetrail-aid';

import { paths } from '../routing/paths';
/** Spec §9 progress cookies: active track id, and active section per track id. */
export const ACTIVE_TRACK_COOKIE = 'codetrail_active_track';
export const ACTIVE_SECTION_COOKIE_PREFIX = 'codetrail_active_section_';
/** 172800 s: two days. */
export const PROGRESS_COOKIE_MAX_AGE_SECONDS = 172_800;
export const DEFAULT_TRACK_ID = 'python';

export function activeSectionCookieName(trackId: string): string {
  return `${ACTIVE_SECTION_COOKIE_PREFIX}${trackId}`;
}

export interface ProgressCookieOptions {
  maxAge: number;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
}

/** Spec: lax, secure, path /. Browsers refuse Secure cookies over plain http, so local http drops it. */
export function progressCookieOptions(secure: boolean): ProgressCookieOptions {
  return { maxAge: PROGRESS_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax', secure, path: '/' };
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Where /web/redirect-to-active-section sends a learner, from cookies alone (no API call): the
 * active track from its cookie (or the default), then that track's section cookie, else the
 * track's /section/active resolver.
 */
export function activeSectionRedirect(cookies: Record<string, string | undefined>, publishedTrackIds: readonly string[]): string | null {
  const target = activeSectionTarget(cookies, publishedTrackIds);
  if (!target) return null;
  return target.sectionIndex === 'active' ? paths.activeSection(target.trackId) : paths.section(target.trackId, target.sectionIndex);
}

/** The same decision as data: the track, and the section its cookie names ('active': none, let the path decide). */
export function activeSectionTarget(cookies: Record<string, string | undefined>, publishedTrackIds: readonly string[]): { trackId: string; sectionIndex: number | 'active' } | null {
  const fromCookie = cookies[ACTIVE_TRACK_COOKIE];
  const trackId =
    fromCookie && ID.test(fromCookie) && publishedTrackIds.includes(fromCookie)
      ? fromCookie
      : publishedTrackIds.includes(DEFAULT_TRACK_ID)
        ? DEFAULT_TRACK_ID
        : publishedTrackIds[0];
  if (!trackId) return null;
  const section = cookies[activeSectionCookieName(trackId)];
  if (section !== undefined && /^\d{1,3}$/.test(section)) return { trackId, sectionIndex: Number(section) };
  return { trackId, sectionIndex: 'active' };
}

/** The active section the cookies name (for the post-login default), or null without an active track. */
export function activeSectionFromCookies(cookies: Record<string, string | undefined>): { trackId: string; sectionIndex: number | 'active' } | null {
  const trackId = cookies[ACTIVE_TRACK_COOKIE];
  if (!trackId || !ID.test(trackId)) return null;
  const section = cookies[activeSectionCookieName(trackId)];
  return { trackId, sectionIndex: section !== undefined && /^\d{1,3}$/.test(section) ? Number(section) : 'active' };
}

import { accessTo, DEFAULT_FREE_ALLOWANCE, tutorialFeature, type FreeAllowance, type Learner, type ProFeature } from './entitlement';

/**
 * Where a learner is sent when they ask for "their section" (the paywall's "Not now", the Learn
 * tab, /web/{track}/section/active): a section they can open, never a Pro-only one for a free
 * learner, who would meet the paywall again (docs/features/billing.md).
 */

export interface TrackSections {
  sections: readonly { tutorialIds: readonly string[] }[];
  tutorials: readonly { id: string; kind: 'course' | 'project' }[];
}

/** The gate a section page asks: its first tutorial's (the page shows the Pro lock from it); null for an empty section. */
export function sectionFeature(track: TrackSections, sectionIndex: number): Extract<ProFeature, { kind: 'section' }> | null {
  const first = track.sections[sectionIndex]?.tutorialIds[0];
  return first ? tutorialFeature(track, first) : null;
}

/** Whether the section page opens for this learner without the Pro lock. */
export function sectionOpens(track: TrackSections, sectionIndex: number, learner: Learner, allowance: FreeAllowance = DEFAULT_FREE_ALLOWANCE): boolean {
  const feature = sectionFeature(track, sectionIndex);
  return feature !== null && accessTo(feature, learner, allowance).allowed;
}

/**
 * The section to land on, given which sections open for the learner and the one they are at (the
 * first with unfinished work, or the one last visited): that one if it opens; else the last one
 * before it that opens (the free section they finished); else the first that opens; null if none.
 */
export function sectionToOpen(opens: readonly boolean[], current: number): number | null {
  if (opens[current]) return current;
  for (let index = Math.min(current, opens.length) - 1; index >= 0; index -= 1) if (opens[index]) return index;
  const first = opens.indexOf(true);
  return first >= 0 ? first : null;
}

/** The same, for a track and a learner. */
export function openSectionFor(track: TrackSections, current: number, learner: Learner, allowance: FreeAllowance = DEFAULT_FREE_ALLOWANCE): number | null {
  return sectionToOpen(
    track.sections.map((_, index) => sectionOpens(track, index, learner, allowance)),
    current,
  );
}

const TRACK_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The track an app path belongs to: a lesson (/web/track/{track}/…, /ssr/track/{track}/…) or a
 * section (/web/{track}/section/{n}); null for anything else. Only reads an already-checked path.
 */
export function trackOfAppPath(path: string | null | undefined): string | null {
  if (!path) return null;
  const pathname = path.split(/[?#]/)[0] ?? '';
  const match = /^\/(?:web|ssr)\/track\/([^/]+)\//.exec(pathname) ?? /^\/web\/([^/]+)\/section\/(?:\d{1,3}|active)$/.exec(pathname);
  const trackId = match?.[1];
  return trackId && TRACK_ID.test(trackId) ? trackId : null;
}

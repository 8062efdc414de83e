import { exposuresOf } from '@/domain/experiments/experiments';
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { z } from 'zod';
import { activeSectionCookieName, activeSectionTarget, ACTIVE_TRACK_COOKIE, progressCookieOptions } from '@/domain/progress/progress-cookies';
import type { PathSection } from '@/domain/progress/section-path';
import { ID_PATTERN } from '@/server/content/content-error';
import { serverEnv } from '@/server/config/server-env';
import { requestCookies } from '@/server/http/request-cookies';
import { getServices, type Services } from '@/server/services/services';
import { appendSetCookie } from './notification-cookie';
import { pageExperiments, projectPlacementOf } from './page-experiments';
import { withSession, type SessionSnapshot, type SessionUser } from './with-session';
import { paths } from '@/domain/routing/paths';
import { needsPro } from '@/domain/billing/entitlement';
import { openSectionFor, sectionFeature, type TrackSections } from '@/domain/billing/section-to-open';
import { COURSE_ENGINEER } from '@/domain/identity/roles';

/** Set-Cookie for spec §9 progress cookies (two days, lax, secure over https, path /). */
export function progressCookie(name: string, value: string): string {
  const options = progressCookieOptions(serverEnv().secureCookies);
  return `${name}=${encodeURIComponent(value)}; Max-Age=${options.maxAge}; Path=${options.path}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

function rememberActiveSection(context: GetServerSidePropsContext, trackId: string, sectionIndex: number) {
  appendSetCookie(context.res, progressCookie(ACTIVE_TRACK_COOKIE, trackId));
  appendSetCookie(context.res, progressCookie(activeSectionCookieName(trackId), String(sectionIndex)));
}

/** The section path shows guided projects per experiment-optional-guided-project-in-path. */
const PATH_EXPERIMENTS = ['experiment-optional-guided-project-in-path'] as const;

const sectionParams = z.object({ trackId: z.string().regex(ID_PATTERN), sectionIndex: z.string().regex(/^\d{1,3}$/) });

export interface SectionPageProps {
  trackId: string;
  trackTitle: string;
  sectionIndex: number;
  sections: PathSection[];
  tracks: { id: string; title: string }[];
  /** A Pro section seen by a free learner: the gate's sentence and the paywall's link; null when open. */
  proLock: { message: string; unlockUrl: string } | null;
  /** The experiments this view exposed the learner to (sent as analytics events after consent). */
  exposures: { experiment: string; variant: string }[];
  [key: string]: unknown;
}

/** /web/{trackId}/section/{sectionIndex}: the section path, server-rendered; remembers it as active. */
export const sectionPage = withSession<SectionPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user, snapshot) =>
  loadSectionPage(context, user, await getServices(), snapshot),
);

/** The section page's props for a signed-in learner (exported for the query budget test). */
export async function loadSectionPage(
  context: GetServerSidePropsContext,
  user: SessionUser | null,
  services: Services,
  snapshot: SessionSnapshot = {},
): Promise<GetServerSidePropsResult<SectionPageProps>> {
  const parsed = sectionParams.safeParse(context.params ?? {});
  if (!parsed.success || !user) return { notFound: true };
  const content = services.content.asOf(snapshot.publishSet);
  const assignments = await pageExperiments(context, user, PATH_EXPERIMENTS, services);
  const projects = projectPlacementOf(assignments);
  const path = await services.progress.trackPathFor(user.id, parsed.data.trackId, projects, content);
  const sectionIndex = Number(parsed.data.sectionIndex);
  if (!path) return { notFound: true };
  if (sectionIndex >= path.sections.length) return { redirect: { destination: paths.activeSection(path.track.id), permanent: false } };
  const tracks = (await content.publishedTracks()).map((entry) => ({ id: entry.track.id, title: entry.track.title }));
  const feature = sectionFeature(path.track, sectionIndex);
  const access = feature ? await services.billing.accessTo({ uid: user.id, roles: user.roles }, feature) : ({ allowed: true } as const);
  // Only a section they can open becomes "their" section: a locked one would send "Not now" back to the lock.
  if (access.allowed) rememberActiveSection(context, path.track.id, sectionIndex);
  const proLock = access.allowed ? null : { message: access.message, unlockUrl: paths.pro(paths.section(path.track.id, sectionIndex), 'section') };
  return { props: { trackId: path.track.id, trackTitle: path.track.title, sectionIndex, sections: path.sections, tracks, proLock, exposures: exposuresOf(assignments, PATH_EXPERIMENTS) } };
}

/** /web/{trackId}/section/active: the first section with unfinished work. */
export const activeSectionPage = withSession({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user, snapshot) => {
  const trackId = z.string().regex(ID_PATTERN).safeParse(context.params?.trackId);
  if (!trackId.success || !user) return { notFound: true };
  const services = await getServices();
  const projects = projectPlacementOf(await pageExperiments(context, user, [], services));
  const path = await services.progress.trackPathFor(user.id, trackId.data, projects, services.content.asOf(snapshot.publishSet));
  if (!path) return { notFound: true };
  // A free section needs no read; otherwise the nearest section this learner can open (a Pro learner's own).
  const feature = sectionFeature(path.track, path.activeSection);
  const section = feature && !needsPro(feature, services.billing.allowance) ? path.activeSection : ((await openSectionOf(services, user, path.track, path.activeSection)) ?? path.activeSection);
  rememberActiveSection(context, path.track.id, section);
  return { redirect: { destination: paths.section(path.track.id, section), permanent: false } };
});

/** Whether the section page opens for this learner; the Pro check (a read) only for a section that needs Pro. */
async function opensFor(services: Services, user: SessionUser, track: TrackSections, sectionIndex: number): Promise<boolean> {
  const feature = sectionFeature(track, sectionIndex);
  if (!feature) return false;
  return !needsPro(feature, services.billing.allowance) || (await services.billing.accessTo({ uid: user.id, roles: user.roles }, feature)).allowed;
}

/** The section a learner can open nearest to `current` (section-to-open.ts); null when none opens. */
async function openSectionOf(services: Services, user: SessionUser, track: TrackSections, current: number): Promise<number | null> {
  const pro = user.roles.includes(COURSE_ENGINEER) || (await services.billing.isPro(user.id));
  return openSectionFor(track, current, { pro, roles: user.roles }, services.billing.allowance);
}

/**
 * /web/redirect-to-active-section (the paywall's "Not now", the Learn tab): the section the
 * progress cookies name when the learner can open it (no read for a free section), else the
 * track's /section/active, which picks one they can open.
 */
export const redirectToActiveSectionPage = withSession({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user, snapshot) => {
  const services = await getServices();
  const content = services.content.asOf(snapshot.publishSet);
  const published = (await content.publishedTracks()).map((entry) => entry.track);
  const target = activeSectionTarget(
    requestCookies(context.req),
    published.map((track) => track.id),
  );
  if (!target) return { redirect: { destination: '/onboarding-check', permanent: false } };
  const track = published.find((candidate) => candidate.id === target.trackId);
  if (target.sectionIndex === 'active' || !user || !track || !(await opensFor(services, user, track, target.sectionIndex))) {
    return { redirect: { destination: paths.activeSection(target.trackId), permanent: false } };
  }
  return { redirect: { destination: paths.section(target.trackId, target.sectionIndex), permanent: false } };
});

export interface ProjectDonePageProps {
  trackId: string;
  tutorialTitle: string;
  sectionIndex: number;
  finished: boolean;
  lessons: number;
  [key: string]: unknown;
}

/** /web/project-done: the project's title and whether every lesson of it is done. */
export const projectDonePage = withSession<ProjectDonePageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user, snapshot) => {
  const query = z.object({ trackId: z.string().regex(ID_PATTERN), tutorialId: z.string().regex(ID_PATTERN), sectionIndex: z.string().regex(/^\d{1,3}$/).optional() }).safeParse(context.query);
  if (!query.success || !user) return { notFound: true };
  const services = await getServices();
  const published = await services.content.asOf(snapshot.publishSet).publishedTrack(query.data.trackId);
  const tutorial = published?.track.tutorials.find((candidate) => candidate.id === query.data.tutorialId);
  if (!published || !tutorial) return { notFound: true };
  const completed = await services.learning.completedLessonIds(user.id, published.track.id);
  const lessons = tutorial.chapters.flatMap((chapter) => chapter.lessons);
  return {
    props: {
      trackId: published.track.id,
      tutorialTitle: tutorial.title,
      sectionIndex: Number(query.data.sectionIndex ?? 0),
      finished: lessons.every((lesson) => completed.has(lesson.id)),
      lessons: lessons.length,
    },
  };
});

export interface VerifyPageProps {
  tracks: { id: string; title: string }[];
  [key: string]: unknown;
}

/** /web/preview/verify: course engineers only (others get the 404 page, as if it did not exist). */
export const browserVerificationPage = withSession<VerifyPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (_context, user, snapshot) => {
  if (!user || !user.roles.includes('course_engineer')) return { notFound: true };
  const tracks = (await (await getServices()).content.asOf(snapshot.publishSet).publishedTracks()).map(({ track }) => ({ id: track.id, title: track.title }));
  return { props: { tracks } };
});

/** /web/preview/reports: lesson reports, for course engineers only (404 for anyone else). */
/** Pages for course engineers only (the lesson reports, the usage events): anyone else gets a 404. */
export const courseEngineerPage = withSession({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (_context, user) => {
  if (!user || !user.roles.includes('course_engineer')) return { notFound: true };
  return { props: {} };
});

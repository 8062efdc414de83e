import { lessonRoutePrefix } from '@/lib/env/deployment';
import type { GetServerSidePropsContext } from 'next';
import { z } from 'zod';
import { exposuresOf } from '@/domain/experiments/experiments';
import { GLOSSARY_TRACK_ID, glossaryCta, glossaryEntryPath, glossaryIndexPath, type GlossaryEntry } from '@/domain/glossary/glossary';
import { paths } from '@/domain/routing/paths';
import type { GlossaryEntryPageProps, GlossaryIndexPageProps, GlossaryListItem } from '@/lib/glossary/glossary-page-props';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import { serverEnv } from '@/server/config/server-env';
import { getServices, type Services } from '@/server/services/services';
import { ID_PATTERN } from '@/server/content/content-error';
import { pageExperiments } from './page-experiments';
import { withSession, type SessionUser } from './with-session';

/**
 * The public HTML glossary (issue 17): server-rendered for search engines and visitors, signed in
 * or not. The fixed call to action follows experiment-glossary-fixed-cta-variations for the
 * visitor's bucket, decided here so the page never flickers between variants.
 */

const CTA_EXPERIMENT = 'experiment-glossary-fixed-cta-variations' as const;

const listItem = (entry: GlossaryEntry): GlossaryListItem => ({ id: entry.id, kind: entry.kind, name: entry.name, summary: entry.summary });

async function sharedProps(context: Pick<GetServerSidePropsContext, 'req' | 'res'>, user: SessionUser | null, services: Services, path: string) {
  const assignments = await pageExperiments(context, user, [CTA_EXPERIMENT], services);
  const cta = glossaryCta(assignments[CTA_EXPERIMENT].variant);
  // Signed in: straight to the HTML track; a visitor signs up first and lands there.
  const start = paths.activeSection(GLOSSARY_TRACK_ID);
  return {
    cta: { ...cta, href: user ? start : paths.register(start) },
    url: `${serverEnv().appOrigin}${path}`,
    exposures: exposuresOf(assignments, [CTA_EXPERIMENT]),
  };
}

/** /glossary/html */
export const glossaryIndexPage = withSession<GlossaryIndexPageProps>({ whenUnauthed: 'render', whenAuthed: 'render' }, async (context, user, snapshot) => {
  const services = await getServices();
  const entries = await services.content.asOf(snapshot.publishSet).publishedGlossary();
  return { props: { entries: entries.map(listItem), ...(await sharedProps(context, user, services, glossaryIndexPath())) } };
});

const entryParams = z.object({ entryId: z.string().regex(ID_PATTERN) });

/** /glossary/html/{entryId}: 404 for an id that is not an entry. */
export const glossaryEntryPage = withSession<GlossaryEntryPageProps>({ whenUnauthed: 'render', whenAuthed: 'render' }, async (context, user, snapshot) => {
  const parsed = entryParams.safeParse(context.params ?? {});
  if (!parsed.success) return { notFound: true };
  const services = await getServices();
  const content = services.content.asOf(snapshot.publishSet);
  const entries = await content.publishedGlossary();
  const entry = entries.find((candidate) => candidate.id === parsed.data.entryId);
  if (!entry) return { notFound: true };
  const published = await content.publishedTrack(GLOSSARY_TRACK_ID);
  const lessons: GlossaryEntryPageProps['lessons'] = [];
  for (const tutorial of published?.track.tutorials ?? []) {
    for (const chapter of tutorial.chapters) {
      chapter.lessons.forEach((lesson, index) => {
        if (!entry.lessons.includes(lesson.id)) return;
        const href = lessonPath({ routePrefix: lessonRoutePrefix(), trackId: GLOSSARY_TRACK_ID, tutorialId: tutorial.id, chapterId: chapter.id }, 'learn', index);
        lessons.push({ id: lesson.id, title: lesson.title, tutorialTitle: tutorial.title, href: user ? href : paths.login(href) });
      });
    }
  }
  const related = entry.related.map((id) => entries.find((candidate) => candidate.id === id)).filter((candidate): candidate is GlossaryEntry => candidate !== undefined);
  const { source: _source, checks: _checks, lessons: _lessons, related: _related, ...shown } = entry;
  return { props: { entry: shown, lessons, related: related.map(listItem), ...(await sharedProps(context, user, services, glossaryEntryPath(entry.id))) } };
});

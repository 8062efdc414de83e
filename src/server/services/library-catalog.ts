import { lessonRoutePrefix } from '@/lib/env/deployment';
import { needsPro, tutorialFeature, DEFAULT_FREE_ALLOWANCE } from '@/domain/billing/entitlement';
import { PROJECT_TEMPLATES, TEMPLATE_RULES } from '@/domain/build/project-templates';
import type { Track } from '@/domain/content/model';
import { glossaryEntryPath, type GlossaryEntry } from '@/domain/glossary/glossary';
import { LIBRARY_LANGUAGES, type LibraryItem, type LibraryLanguage, type LibraryLevel } from '@/domain/library/library-search';
import { paths } from '@/domain/routing/paths';
import { lessonPath } from '@/lib/lesson/lesson-paths';

/** Minutes a lesson takes on average (the player's short lessons), for the library's length filter. */
export const MINUTES_PER_LESSON = 4;

const LEVELS: readonly LibraryLevel[] = ['beginner', 'intermediate', 'advanced'];
const levelOf = (sectionIndex: number): LibraryLevel => LEVELS[Math.min(sectionIndex, LEVELS.length - 1)] ?? 'advanced';
const TEMPLATE_LANGUAGE: Record<(typeof PROJECT_TEMPLATES)[number], LibraryLanguage> = { web: 'html', python: 'python', sql: 'sql', javascript: 'javascript' };

function isLanguage(value: string): value is LibraryLanguage {
  return (LIBRARY_LANGUAGES as readonly string[]).includes(value);
}

/** The first sentences of a lesson's markdown as plain text (for its line in the library). */
export function plainSummary(markdown: string, max = 160): string {
  const text = markdown
    .replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * Everything there is to learn and build, as library items: tracks, their courses and guided
 * projects, every lesson, the glossary's entries and the build area's templates. Free or Pro comes
 * from the same entitlement rule every gate asks.
 */
export function libraryCatalog(tracks: readonly Track[], glossary: readonly GlossaryEntry[]): LibraryItem[] {
  const items: LibraryItem[] = [];
  for (const track of tracks) {
    if (!isLanguage(track.id)) continue;
    const language = track.id;
    const allLessons = track.tutorials.flatMap((tutorial) => tutorial.chapters.flatMap((chapter) => chapter.lessons.map((lesson) => lesson.id)));
    items.push({ key: `track:${track.id}`, kind: 'track', title: track.title, description: track.description, keywords: language, language, level: 'beginner', minutes: allLessons.length * MINUTES_PER_LESSON, access: 'free', href: paths.activeSection(track.id), lessonIds: allLessons, path: null });
    for (const tutorial of track.tutorials) {
      const feature = tutorialFeature(track, tutorial.id);
      const level = levelOf(feature.sectionIndex);
      const access = needsPro(feature, DEFAULT_FREE_ALLOWANCE) ? 'pro' : 'free';
      const lessonIds = tutorial.chapters.flatMap((chapter) => chapter.lessons.map((lesson) => lesson.id));
      items.push({
        key: `tutorial:${track.id}:${tutorial.id}`,
        kind: tutorial.kind === 'project' ? 'project' : 'tutorial',
        title: tutorial.title,
        description: tutorial.description,
        keywords: `${track.title} ${tutorial.chapters.map((chapter) => chapter.title).join(' ')}`,
        language,
        level,
        minutes: lessonIds.length * MINUTES_PER_LESSON,
        access,
        href: paths.section(track.id, feature.sectionIndex),
        lessonIds,
        path: { trackId: track.id, chapterIds: tutorial.chapters.map((chapter) => chapter.id) },
      });
      for (const chapter of tutorial.chapters) {
        chapter.lessons.forEach((lesson, index) => {
          items.push({
            key: `lesson:${track.id}:${lesson.id}`,
            kind: 'lesson',
            title: lesson.title,
            description: plainSummary(lesson.explanation),
            keywords: `${track.title} ${tutorial.title} ${chapter.title}`,
            language,
            level,
            minutes: MINUTES_PER_LESSON,
            access,
            href: lessonPath({ routePrefix: lessonRoutePrefix(), trackId: track.id, tutorialId: tutorial.id, chapterId: chapter.id }, 'learn', index),
            lessonIds: [lesson.id],
            path: { trackId: track.id, chapterIds: [chapter.id] },
          });
        });
      }
    }
  }
  for (const entry of glossary) {
    items.push({ key: `glossary:${entry.id}`, kind: 'glossary', title: entry.title, description: entry.summary, keywords: `${entry.name} html ${entry.kind}`, language: 'html', level: 'beginner', minutes: 2, access: 'free', href: glossaryEntryPath(entry.id), lessonIds: null, path: null });
  }
  for (const template of PROJECT_TEMPLATES) {
    const rule = TEMPLATE_RULES[template];
    items.push({ key: `template:${template}`, kind: 'template', title: `${rule.defaultTitle} (template)`, description: rule.description, keywords: `${template} project build`, language: TEMPLATE_LANGUAGE[template], level: 'beginner', minutes: null, access: 'free', href: paths.build(), lessonIds: null, path: null });
  }
  return items;
}

import { devices, type BrowserContextOptions, type Page } from '@playwright/test';
import type { InteractionKind, Track } from '@/domain/content/model';

/** 390×844 with a phone user agent (Firebase and others decide things from the UA). */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
  userAgent: devices['Pixel 5'].userAgent,
};

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

export const AFTER_LESSON_QUERY = 'trackId=python&tutorialId=python-basics&chapterId=python-basics-first-steps&sectionIndex=0';

/** The URL of the first lesson of each interaction kind in the course (for per-kind page checks). */
export function lessonOfEachKind(tracks: readonly Track[]): { kind: InteractionKind; url: string; title: string }[] {
  const found = new Map<InteractionKind, { kind: InteractionKind; url: string; title: string }>();
  for (const track of tracks)
    for (const tutorial of track.tutorials)
      for (const chapter of tutorial.chapters)
        chapter.lessons.forEach((lesson, index) => {
          const kind = lesson.interaction.kind;
          if (!found.has(kind))
            found.set(kind, { kind, title: lesson.title, url: `/web/track/${track.id}/tutorial/${tutorial.id}/chapter/${chapter.id}/learn?lesson=${index}` });
        });
  return [...found.values()];
}

/** Every request the page makes from now on (to prove nothing loads from outside the app). */
export function recordRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('http')) seen.push(new URL(url));
  });
  return seen;
}

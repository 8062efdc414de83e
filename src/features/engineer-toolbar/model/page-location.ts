/**
 * Where a course engineer is, read from the page's URL: a lesson route (spec §2, /web or /ssr),
 * a section page, or elsewhere. Pure, so the toolbar's links are table-tested.
 */
export type LessonMode = 'learn' | 'challenge' | 'tutor';

export type PageLocation =
  | { kind: 'lesson'; prefix: 'web' | 'ssr'; trackId: string; tutorialId: string; chapterId: string; mode: LessonMode; lessonIndex: number }
  | { kind: 'section'; trackId: string; sectionIndex: string }
  | { kind: 'other' };

const LESSON = /^\/(web|ssr)\/track\/([^/?#]+)\/tutorial\/([^/?#]+)\/chapter\/([^/?#]+)\/(learn|challenge|tutor)(?:\?([^#]*))?/;
const SECTION = /^\/web\/([^/?#]+)\/section\/([^/?#]+)/;

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

export function pageLocation(asPath: string): PageLocation {
  const lesson = LESSON.exec(asPath);
  if (lesson) {
    const [, prefix, trackId = '', tutorialId = '', chapterId = '', mode, search = ''] = lesson;
    const index = Number(new URLSearchParams(search).get('lesson') ?? '0');
    return {
      kind: 'lesson',
      prefix: prefix === 'ssr' ? 'ssr' : 'web',
      trackId: decode(trackId),
      tutorialId: decode(tutorialId),
      chapterId: decode(chapterId),
      mode: mode as LessonMode,
      lessonIndex: Number.isInteger(index) && index >= 0 ? index : 0,
    };
  }
  const section = SECTION.exec(asPath);
  if (section) return { kind: 'section', trackId: decode(section[1] ?? ''), sectionIndex: decode(section[2] ?? '') };
  return { kind: 'other' };
}

const seg = encodeURIComponent;

/** The lesson page's URL (with the prefix the engineer is on). */
export function lessonUrl(at: { prefix?: 'web' | 'ssr'; trackId: string; tutorialId: string; chapterId: string; mode?: LessonMode; lessonIndex: number }): string {
  return `/${at.prefix ?? 'web'}/track/${seg(at.trackId)}/tutorial/${seg(at.tutorialId)}/chapter/${seg(at.chapterId)}/${at.mode ?? 'learn'}?lesson=${at.lessonIndex}`;
}

/** The same lesson under the other prefix: /web ↔ /ssr (spec §2). Null off a lesson page. */
export function otherPrefixUrl(location: PageLocation): string | null {
  if (location.kind !== 'lesson') return null;
  return lessonUrl({ ...location, prefix: location.prefix === 'web' ? 'ssr' : 'web' });
}

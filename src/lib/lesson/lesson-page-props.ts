import type { LessonDto } from '@/lib/api-client/learning-endpoints';

import type { LessonMode } from '@/domain/lessons/lesson-mode';

export { LESSON_MODES, type LessonMode } from '@/domain/lessons/lesson-mode';

/** One lesson of the chapter as the header's progress steps and the runtime preload need it. */
export interface LessonStep {
  id: string;
  completed: boolean;
  /** The runtime a code lesson needs (null for lessons without code). */
  lessonType: LessonDto['lessonType'];
}

/** What the lesson routes' getServerSideProps hands the lesson player. */
export interface LessonPageProps {
  mode: LessonMode;
  routePrefix: '/web' | '/ssr';
  trackId: string;
  tutorialId: string;
  chapterId: string;
  trackTitle: string;
  tutorialTitle: string;
  /** Guided projects end on /web/project-done. */
  tutorialKind: 'course' | 'project';
  sectionIndex: number;
  trackVersion: number;
  publishSetVersion: number;
  chapterTitle: string;
  lessonIndex: number;
  /** The lesson on screen, in full. */
  lesson: LessonDto;
  /** Every lesson of the chapter as a progress step: the page carries one lesson's content, not the chapter's. */
  lessons: LessonStep[];
  isLastChapter: boolean;
  /** Where "Continue" goes after the chapter's last lesson: the next chapter's first lesson, or null at the tutorial's end. */
  nextChapterId: string | null;
  /** The files the current code lesson opens with (spec §4 rule for the last lesson of the last chapter). */
  initialFiles: { name: string; content: string }[] | null;
  /** When the server copy of initialFiles was saved (to compare with the local draft). */
  initialFilesSavedAt: string | null;
  /** Script files the chapter's editors will need, prefetched after the page loads (editor-prefetch.ts). */
  editorPrefetch: string[];
  clearProgress: boolean;
  /** An OpenAI-compatible tutor model is configured: tutor mode may phrase its help with it. */
  tutorModel: boolean;
}


export interface ReportProblemProps {
  lesson: { trackId: string; tutorialId: string; chapterId: string; lessonId: string };
  mode: 'learn' | 'challenge' | 'tutor';
  /** The learner's files as they are now, and the last run's output (read when the report is sent). */
  snapshot: () => { files: { name: string; userContent: string }[]; output: string };
}

import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { AuthGate } from '@/features/auth';
import { useCheckEngine, useRuntimePreload, type CheckEngineHandle } from '@/features/editor';
import { ReportProblem } from '@/features/feedback';
import type { LessonDto } from '@/lib/api-client/learning-endpoints';
import type { LessonPageProps } from '@/lib/lesson/lesson-page-props';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import { usePrefetchAfterLoad } from '@/lib/prefetch-after-load';
import { LessonActions } from '../components/player/lesson-actions';
import { LessonFeedbackBar } from '../components/player/lesson-feedback-bar';
import { LessonHeader, LessonWhere } from '../components/player/lesson-header';
import { LessonHints } from '../components/player/lesson-hints';
import { LessonInteraction } from '../components/player/lesson-interaction';
import { LessonIntro } from '../components/player/lesson-intro';
import { useLessonController } from '../hooks/use-lesson-controller';
import styles from './lesson-view.module.css';

interface PlayerProps extends LessonPageProps {
  lesson: LessonDto;
  engine: CheckEngineHandle;
}

/** One lesson in one mode: the controller's state, rendered by the player's parts. */
function LessonPlayer(props: PlayerProps) {
  const c = useLessonController(props);
  const { lesson, state, dispatch } = c;
  return (
    <article className={styles.lesson} aria-labelledby="lesson-title">
      <LessonIntro title={lesson.title} explanationHtml={lesson.explanationHtml} mode={c.mode} />
      <LessonInteraction
        lesson={lesson}
        attempt={state}
        shownChoices={c.shownChoices}
        shownChips={c.shownChips}
        onSelect={(selected) => dispatch({ type: 'select', selected })}
        onFill={(answers) => dispatch({ type: 'fill', answers })}
        onReorder={(order) => dispatch({ type: 'reorder', order })}
        code={{
          files: c.draft.files,
          starterFiles: c.starterFiles,
          onFileChange: c.draft.setFile,
          onRun: c.run,
          python: c.python,
          saveStatus: c.draft.status,
          saveRefusal: c.draft.refusal,
          onStdinChange: (value) => dispatch({ type: 'stdin', value }),
          storageKey: c.storageKey,
        }}
      />
      {c.showHints && lesson.hintsHtml.length > 0 && (
        <LessonHints hintsHtml={lesson.hintsHtml} shown={state.hintsShown} passed={state.passed} onShowHint={() => dispatch({ type: 'show-hint', hintCount: lesson.hintsHtml.length })} />
      )}
      <LessonFeedbackBar
        ref={c.footerRef}
        feedback={state.feedback}
        tutorText={c.tutorText}
        outcome={c.completion.outcome}
        completionError={c.completion.error}
        onRetry={c.retryCompletion}
        quiet={c.quiet}
      >
        {c.action && <LessonActions ref={c.actionsRef} action={c.action} canCheck={c.anyAnswer} onContinue={c.next} onCheck={c.checkAnswer} />}
      </LessonFeedbackBar>
      <div className={styles.report}>
        <ReportProblem lesson={c.reportLesson} mode={c.mode} snapshot={c.reportSnapshot} />
      </div>
    </article>
  );
}

/** The lesson routes (learn, challenge, tutor). */
export default function LessonView(props: LessonPageProps) {
  const engine = useCheckEngine();
  useRuntimePreload({ lessonTypes: props.lessons.map((entry) => entry.lessonType) });
  // The editor is built on the learner's first reach: its files come down after the page, unrun.
  usePrefetchAfterLoad(props.editorPrefetch);
  const lesson = props.lesson;
  const router = useRouter();

  // Preload the next lesson's page data so Continue is instant.
  useEffect(() => {
    const nextIndex = props.lessonIndex + 1;
    if (nextIndex < props.lessons.length) void router.prefetch(lessonPath(props, props.mode, nextIndex));
  }, [props, router]);

  return (
    <AuthGate policy="protected">
      <div className={styles.page}>
        <LessonHeader {...props} />
        <main id="main" className={styles.main}>
          <LessonWhere tutorialTitle={props.tutorialTitle} chapterTitle={props.chapterTitle} lessonIndex={props.lessonIndex} lessonCount={props.lessons.length} />
          <LessonPlayer key={`${lesson.id}:${props.mode}`} {...props} engine={engine} />
        </main>
      </div>
    </AuthGate>
  );
}

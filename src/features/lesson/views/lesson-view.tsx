import { track } from '@/lib/analytics/track';
import { userMessageOf } from '@/lib/errors/user-message';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { Link } from '@/ui/link';
import { useRouter } from 'next/router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkFillGap, checkMultipleChoice, checkReorder, type AnswerResult } from '@/domain/lessons/answers';
import { chipOrder, choiceOrder, learnerSeed, lineOrder } from '@/domain/lessons/learner-order';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import { describeRunError, runVerdict, tutorExplanation } from '@/domain/lessons/run-feedback';
import { paths } from '@/domain/routing/paths';
import { AuthGate, useApiClient, useAuthUser } from '@/features/auth';
import { pageStorageKey, useCheckEngine, useCodeDraft, useRuntimePreload, type CheckEngineHandle } from '@/features/editor';
import { addPendingCompletion, browserTimeZone, LazyHeaderStats as HeaderStats, leagueKey, progressKey } from '@/features/progress';
import { ApiError } from '@/lib/api-client/api-error';
import type { CompletionResponse, LearningEndpoints, LessonDto, Submission } from '@/lib/api-client/learning-endpoints';
import type { LessonPageProps } from '@/lib/lesson/lesson-page-props';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import { usePrefetchAfterLoad } from '@/lib/prefetch-after-load';
import { afterCelebrations, syncProgressUrl, type AfterLessonQuery } from '@/lib/progress/progress-paths';
import { Alert, Button } from '@/ui';
import { CodeLesson } from '../components/code-lesson';
import { FillGap, MultipleChoice, ReorderLines } from '../components/interactions';
import { ModePicker } from '../components/mode-picker';
import { PanelBoundary } from '../components/panel-boundary';
import { attemptReducer, initialAttempt } from '../model/attempt';
import { serverRefusalText } from '../model/server-verdict';
import styles from './lesson-view.module.css';
import { ReportProblem } from '@/features/feedback';

interface CompletionOutcome {
  response: CompletionResponse | null;
  /** The server graded the work and it did not pass: nothing was recorded. */
  refused?: boolean;
  /** Queued on this device because the API was unreachable. */
  offline: boolean;
  /** After a restore-streak review lesson: whether the streak came back. */
  restoreNote: { kind: 'success' | 'error'; text: string } | null;
}

interface ExplainRequest {
  files: { name: string; userContent: string }[];
  output: string;
  error: string | null;
  failedChecks: number[];
}

interface PlayerProps extends LessonPageProps {
  lesson: LessonDto;
  engine: CheckEngineHandle;
}

function LessonPlayer({ lesson, engine, ...page }: PlayerProps) {
  const router = useRouter();
  const user = useAuthUser();
  const client = useApiClient();
  const queryClient = useQueryClient();
  // The typed endpoints (and their response schemas) load on first use, outside the page's first load.
  const api = useMemo(() => {
    const endpoints = () => import('@/lib/api-client/learning-endpoints').then(({ learningEndpoints }) => learningEndpoints(client));
    return {
      saveFiles: async (...args: Parameters<LearningEndpoints['saveFiles']>) => (await endpoints()).saveFiles(...args),
      completeLesson: async (...args: Parameters<LearningEndpoints['completeLesson']>) => (await endpoints()).completeLesson(...args),
      restoreStreak: async (lesson: { trackId: string; tutorialId: string; chapterId: string; lessonId: string }) =>
        (await import('@/lib/api-client/progress-endpoints')).progressEndpoints(client).restoreStreak(lesson),
    };
  }, [client]);
  const { mode } = page;
  const interaction = lesson.interaction;
  const isRestoreReview = router.query.review === 'restore';

  // Shown in an order of this learner's own (stable across reloads), never the answer's order.
  const seed = learnerSeed(user.id, lesson.id);
  const shownChoices = useMemo(() => (interaction.kind === 'multiple-choice' ? choiceOrder(interaction.choices, seed) : []), [interaction, seed]);
  const shownChips = useMemo(
    () => (interaction.kind === 'fill-gap' ? chipOrder(interaction.chips, interaction.gaps.map((gap) => gap.accepted[0] ?? ''), seed).map((index) => interaction.chips[index] ?? '') : []),
    [interaction, seed],
  );

  const reducer = useMemo(() => attemptReducer({ mode, hintCount: lesson.hintsHtml.length }), [mode, lesson.hintsHtml.length]);
  const [state, dispatch] = useReducer(reducer, null, () =>
    initialAttempt({
      answers: interaction.kind === 'fill-gap' ? interaction.gaps.map(() => '') : [],
      order: interaction.kind === 'reorder' ? lineOrder(interaction.lines, seed) : [],
      stdin: (lesson.executableContent?.input ?? []).join('\n'),
    }),
  );
  const { passed, feedback } = state;
  const actionsRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLElement>(null);

  const executable = lesson.executableContent;
  const starterFiles = useMemo(() => (executable?.files ?? []).map(({ name, content }) => ({ name, content })), [executable]);
  const editableFiles = (files: { name: string; content: string }[]) =>
    files.filter((file) => executable?.files.find((f) => f.name === file.name)?.editable).map((file) => ({ name: file.name, userContent: file.content }));
  const draft = useCodeDraft({
    userId: user.id,
    draftId: lesson.id,
    initialFiles: page.initialFiles ?? starterFiles,
    serverSavedAt: page.initialFilesSavedAt,
    starterFiles,
    save: async (files) => {
      await api.saveFiles({ ...page, lessonId: lesson.id }, page.publishSetVersion, editableFiles(files));
    },
  });

  const lessonType = executable ? lessonTypeFromFiles(executable.files) : null;
  useEffect(() => {
    if (lessonType && interaction.kind === 'code') engine.warmUp(lessonType);
  }, [engine, lessonType, interaction.kind]);

  // Keyboard and screen-reader users land on Continue as soon as the lesson is passed.
  useEffect(() => {
    if (passed) actionsRef.current?.querySelector('button')?.focus();
  }, [passed]);

  // The verdict of an answer lesson is shown where the learner is looking (code lessons scroll to the failing check).
  useEffect(() => {
    if (feedback?.kind === 'wrong' && interaction.kind !== 'code') footerRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [feedback, interaction.kind]);

  useEffect(() => {
    void track('lesson_started', { trackId: page.trackId, tutorialId: page.tutorialId, chapterId: page.chapterId, lessonId: lesson.id, mode });
  }, [page.trackId, page.tutorialId, page.chapterId, lesson.id, mode]);

  const showHints = mode !== 'challenge';
  const usedHints = state.hintsShown > 0;
  const path = { trackId: page.trackId, tutorialId: page.tutorialId, chapterId: page.chapterId, lessonId: lesson.id };

  // Continue waits for the completion's answer: it decides whether the streak or goal screens come first.
  // The server grades what was handed in; only its pass is recorded (docs/features/grading.md).
  const completion = useMutation({
    mutationFn: async ({ tries, submission }: { tries: number; submission: Submission }): Promise<CompletionOutcome> => {
      const input = { mode, attempts: tries, usedHints, completedAt: new Date().toISOString(), timeZone: browserTimeZone(), submission };
      let response: CompletionResponse;
      try {
        const answer = await api.completeLesson(path, input);
        if (!answer.recorded) {
          dispatch({ type: 'server-refused', text: serverRefusalText(answer.verdict) });
          void track('lesson_failed', { ...path, mode });
          return { response: null, refused: true, offline: false, restoreNote: null };
        }
        response = answer;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 0 || error.status >= 500) && user.id) {
          // Offline or a server hiccup: the completion keeps its own time stamp and syncs later; the
          // day still counts. (A 4xx means the request itself is wrong: retrying will not help.)
          addPendingCompletion(user.id, { ...path, ...input });
          void track('lesson_passed', { ...path, mode, attempts: tries });
          return { response: null, offline: true, restoreNote: null };
        }
        throw error;
      }
      void track('lesson_passed', { ...path, mode, attempts: tries });
      if (response.streakExtended) void track('streak_extended', { countedOn: response.countedOn });
      if (response.goalJustMet) void track('daily_goal_met', { countedOn: response.countedOn });
      void queryClient.invalidateQueries({ queryKey: progressKey(user.id) });
      void queryClient.invalidateQueries({ queryKey: leagueKey(user.id) });
      if (!isRestoreReview) return { response, offline: false, restoreNote: null };
      try {
        await api.restoreStreak(path);
        return { response, offline: false, restoreNote: { kind: 'success', text: 'Streak restored! The missed days now count as restored.' } };
      } catch (error) {
        return { response, offline: false, restoreNote: { kind: 'error', text: userMessageOf(error, 'Your streak could not be restored.') } };
      }
    },
  });
  const pendingCompletion = useRef<Promise<CompletionOutcome> | null>(null);
  const lastSubmission = useRef<Submission | null>(null);
  const completeWith = (tries: number, submission: Submission) => {
    lastSubmission.current = submission;
    pendingCompletion.current = completion.mutateAsync({ tries, submission }).catch(() => ({ response: null, offline: false, restoreNote: null }));
  };

  // Tutor mode: the built-in explanation shows at once; the model's phrasing follows when it answers.
  const explain = useMutation({
    mutationFn: (facts: ExplainRequest) =>
      client.request<{ text: string }>({ method: 'POST', path: '/tutor/explain', errorKey: 'askTutor', body: { trackId: page.trackId, tutorialId: page.tutorialId, chapterId: page.chapterId, lessonId: lesson.id, ...facts } }),
  });

  async function run() {
    if (!lessonType || state.running || passed) return;
    const tries = state.attempts + 1;
    dispatch({ type: 'run-started' });
    explain.reset();
    const input = state.stdin === '' ? [] : state.stdin.split('\n');
    const result = await engine.run({ lessonType, files: draft.files, checks: executable?.checks ?? [], seed: executable?.seed ?? null, checkSeed: executable?.checkSeed ?? null, stdin: input }, (text) =>
      dispatch({ type: 'run-output', text }),
    );
    const ran = result.status === 'ran' ? result : null;
    const wrongText = !ran ? result.status === 'unsupported' ? result.reason : 'Not yet.' : mode === 'tutor' ? (tutorExplanation(ran, tries, lessonType) ?? runVerdict(ran)) : runVerdict(ran);
    dispatch({ type: 'run-finished', result, wrongText });
    if (ran && !ran.passed) void track('lesson_failed', { ...path, mode });
    if (ran?.passed) completeWith(tries, { files: editableFiles(draft.files) });
    else if (ran && mode === 'tutor' && page.tutorModel) {
      explain.mutate({
        files: editableFiles(draft.files),
        output: ran.output.slice(0, 20_000),
        error: ran.error ? describeRunError(ran.error) : null,
        failedChecks: ran.checks.filter((check) => !check.passed).map((check) => check.index),
      });
    }
  }

  /** The answer as the server grades it: the same indices and words the player checked. */
  function answerSubmission(): Submission {
    if (interaction.kind === 'multiple-choice') return { choices: state.selected };
    if (interaction.kind === 'fill-gap') return { gaps: state.answers };
    return { order: state.order };
  }

  function checkAnswer() {
    let result: AnswerResult;
    if (interaction.kind === 'multiple-choice') result = checkMultipleChoice(interaction.choices, new Set(state.selected));
    else if (interaction.kind === 'fill-gap') result = checkFillGap(interaction.gaps, state.answers);
    else if (interaction.kind === 'reorder') result = checkReorder(interaction.lines, state.order);
    else return;
    const wrongCount = result.items.filter((item) => !item).length;
    const wrongText =
      interaction.kind === 'multiple-choice'
        ? 'Not quite. Read the question again and pick another answer.'
        : interaction.kind === 'fill-gap'
          ? `Not quite: ${wrongCount} gap${wrongCount === 1 ? ' is' : 's are'} not right yet (marked ✗ above).`
          : `Not quite: ${wrongCount} line${wrongCount === 1 ? ' is' : 's are'} in the wrong place (marked ✗ above).`;
    dispatch({ type: 'answer-checked', result, wrongText });
    if (result.correct) completeWith(state.attempts + 1, answerSubmission());
    else void track('lesson_failed', { ...path, mode });
  }

  /**
   * Within a chapter Continue goes to the next lesson, through /web/syncProgress when this lesson
   * extended the streak or reached the daily goal (or was saved offline). At a chapter's end it
   * always goes through /web/syncProgress, which returns to the section path (or project-done).
   */
  async function next() {
    if (isRestoreReview) {
      void router.push(paths.progress());
      return;
    }
    const { response, offline, refused } = (await pendingCompletion.current) ?? { response: completion.data?.response ?? null, offline: completion.data?.offline ?? false, refused: completion.data?.refused };
    // The server did not pass it (the bar now says why): the learner stays to fix it.
    if (refused) return;
    const index = page.lessonIndex + 1;
    const query: AfterLessonQuery = { trackId: page.trackId, tutorialId: page.tutorialId, chapterId: page.chapterId, sectionIndex: page.sectionIndex, earned: response?.xpAwarded ?? 0 };
    const celebrate = offline || !!response?.streakExtended || !!response?.goalJustMet;
    if (index < page.lessons.length) {
      const within = { ...query, lesson: index, mode };
      void router.push(celebrate ? syncProgressUrl(within) : afterCelebrations(within));
      return;
    }
    void router.push(syncProgressUrl({ ...query, project: page.tutorialKind === 'project' && page.isLastChapter }));
  }

  const anyAnswer =
    interaction.kind === 'multiple-choice' ? state.selected.length > 0 : interaction.kind === 'fill-gap' ? state.answers.some((answer) => answer.trim() !== '') : true;
  const outcome = completion.data;
  const tutorText = explain.data?.text ?? null;
  const completionError = completion.error ? userMessageOf(completion.error, 'Your progress was not recorded.') : null;
  const action = passed ? 'continue' : interaction.kind !== 'code' ? 'check' : null;
  // Nothing to say and nothing to press: the bar takes no space (on phones it sat over the editor).
  const quiet = !feedback && !action && !outcome?.offline && !outcome?.restoreNote && !completionError;

  return (
    <article className={styles.lesson} aria-labelledby="lesson-title">
      <h1 id="lesson-title" className={styles.title}>
        {lesson.title}
      </h1>
      <PanelBoundary name="The lesson text">
        {mode !== 'challenge' && <div className={styles.explanation} dangerouslySetInnerHTML={{ __html: lesson.explanationHtml }} />}
        {mode === 'challenge' && <p className={styles.challenge}>Challenge: no explanation, no hints. Show what you know.</p>}
      </PanelBoundary>

      <PanelBoundary name={interaction.kind === 'code' ? 'The code panel' : 'The exercise'}>
        <div className={styles.interaction}>
          {interaction.kind === 'multiple-choice' && (
            <MultipleChoice
              questionHtml={lesson.questionHtml ?? ''}
              choices={interaction.choices.map(({ text, why }) => ({ text, why }))}
              order={shownChoices}
              multiple={interaction.choices.filter((choice) => choice.correct).length > 1}
              selected={state.selected}
              onChange={(selected) => dispatch({ type: 'select', selected })}
              result={state.answerResult}
              disabled={passed}
            />
          )}
          {interaction.kind === 'fill-gap' && (
            <FillGap
              templates={interaction.templates}
              gapCount={interaction.gaps.length}
              chips={shownChips}
              answers={state.answers}
              onChange={(answers) => dispatch({ type: 'fill', answers })}
              result={state.answerResult}
              disabled={passed}
            />
          )}
          {interaction.kind === 'reorder' && (
            <ReorderLines lines={interaction.lines} order={state.order} onChange={(order) => dispatch({ type: 'reorder', order })} result={state.answerResult} disabled={passed} />
          )}
          {interaction.kind === 'code' && (
            <CodeLesson
              lesson={lesson}
              files={draft.files}
              onFileChange={draft.setFile}
              onRun={() => void run()}
              starterFiles={starterFiles}
              onReplaceFiles={(files) => files.forEach((file) => draft.setFile(file.name, file.content))}
              running={state.running}
              output={state.output}
              result={state.runResult}
              python={lessonType === 'Python'}
              saveStatus={draft.status}
              saveRefusal={draft.refusal}
              disabled={passed}
              stdin={state.stdin}
              onStdinChange={(value) => dispatch({ type: 'stdin', value })}
              pageStorageKey={user.id ? pageStorageKey(user.id, lesson.id) : null}
            />
          )}
        </div>
      </PanelBoundary>

      {showHints && lesson.hintsHtml.length > 0 && (
        <PanelBoundary name="The hints">
          <section className={styles.hints} aria-label="Hints">
            <ol className={styles.hintList}>
              {lesson.hintsHtml.slice(0, state.hintsShown).map((hint, index) => (
                <li key={index} dangerouslySetInnerHTML={{ __html: hint }} />
              ))}
            </ol>
            {state.hintsShown < lesson.hintsHtml.length && !passed && (
              <Button variant="ghost" size="sm" onClick={() => dispatch({ type: 'show-hint', hintCount: lesson.hintsHtml.length })}>
                {state.hintsShown === 0 ? 'Show a hint' : 'Show another hint'}
              </Button>
            )}
          </section>
        </PanelBoundary>
      )}

      <PanelBoundary name="The feedback">
        <footer ref={footerRef} className={styles.footer} data-state={feedback?.kind ?? 'idle'} data-quiet={quiet || undefined}>
          <div className={styles.feedback} role="status" aria-live="polite">
            {feedback && <p>{feedback.text}</p>}
            {tutorText && feedback?.kind === 'wrong' && <p className={styles.tutor}>Tutor: {tutorText}</p>}
          </div>
          {outcome?.offline && <Alert kind="info">We could not reach the server. This lesson is saved on this device and will sync when you are back online.</Alert>}
          {outcome?.restoreNote && <Alert kind={outcome.restoreNote.kind}>{outcome.restoreNote.text}</Alert>}
          {outcome?.response && outcome.response.xpAwarded > 0 && (
            <p className={styles.xpGain} aria-live="polite">
              +{outcome.response.xpAwarded} XP
            </p>
          )}
          {completionError && (
            <Alert kind="warning">
              {completionError}{' '}
              <Button variant="secondary" size="sm" onClick={() => lastSubmission.current && completeWith(state.attempts, lastSubmission.current)}>
                Try again
              </Button>
            </Alert>
          )}
          {action && (
            <div ref={actionsRef} className={styles.actions}>
              {action === 'continue' ? (
                <Button size="lg" onClick={() => void next()}>
                  Continue
                </Button>
              ) : (
                <Button size="lg" onClick={checkAnswer} disabled={!anyAnswer}>
                  Check
                </Button>
              )}
            </div>
          )}
        </footer>
      </PanelBoundary>

      <div className={styles.report}>
        <ReportProblem
          lesson={{ trackId: page.trackId, tutorialId: page.tutorialId, chapterId: page.chapterId, lessonId: lesson.id }}
          mode={page.mode}
          snapshot={() => ({ files: interaction.kind === 'code' ? editableFiles(draft.files) : [], output: state.output })}
        />
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

  const progress = Math.round((props.lessons.filter((entry) => entry.completed).length / props.lessons.length) * 100);

  return (
    <AuthGate policy="protected">
      <div className={styles.page}>
        <header className={styles.header}>
          <Link href={paths.section(props.trackId, props.sectionIndex)} className={styles.close} aria-label="Leave the lesson">
            ✕
          </Link>
          <div className={styles.progress} role="progressbar" aria-label={`${props.chapterTitle}: lesson ${props.lessonIndex + 1} of ${props.lessons.length}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            {props.lessons.map((entry, index) => (
              <span key={entry.id} className={styles.step} data-done={entry.completed || undefined} data-current={index === props.lessonIndex || undefined} />
            ))}
          </div>
          <ModePicker mode={props.mode} hrefFor={(mode) => lessonPath(props, mode, props.lessonIndex)} />
          <HeaderStats />
        </header>
        <main id="main" className={styles.main}>
          <p className={styles.where}>
            {props.tutorialTitle} · {props.chapterTitle} · Lesson {props.lessonIndex + 1} of {props.lessons.length}
          </p>
          <LessonPlayer key={`${lesson.id}:${props.mode}`} {...props} engine={engine} />
        </main>
      </div>
    </AuthGate>
  );
}

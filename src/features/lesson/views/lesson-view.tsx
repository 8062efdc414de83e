import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { checkFillGap, checkMultipleChoice, checkReorder, shuffledOrder, type AnswerResult } from '@/domain/lessons/answers';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import { AuthGate, useApiClient, useAuthUser } from '@/features/auth';
import { ApiError } from '@/lib/api-client/api-error';
import type { CompletionResponse, LearningEndpoints, LessonDto } from '@/lib/api-client/learning-endpoints';
import { afterCelebrations, syncProgressUrl, type AfterLessonQuery } from '@/lib/progress/progress-paths';
import type { LessonMode, LessonPageProps } from '@/lib/lesson/lesson-page-props';
import { lessonPath } from '@/lib/lesson/lesson-paths';
import type { RunResult } from '@/runner/run-types';
import { Alert, Button } from '@/ui';
import { CodeLesson } from '../components/code-lesson';
import { FillGap, MultipleChoice, ReorderLines } from '../components/interactions';
import { useLessonDraft } from '../hooks/use-lesson-draft';
import { useCheckEngine, useRuntimePreload, type BrowserCheckEngine, type RuntimeStatus } from '@/features/editor';
import { addPendingCompletion, browserTimeZone, LazyHeaderStats as HeaderStats, leagueKey, progressKey } from '@/features/progress';
import { useQueryClient } from '@tanstack/react-query';
import styles from './lesson-view.module.css';
import { paths } from '@/domain/routing/paths';


const MODE_LABEL: Record<LessonMode, string> = { learn: 'Learn', challenge: 'Challenge', tutor: 'Tutor' };

type Feedback = { kind: 'correct' | 'wrong'; text: string } | null;

interface CompletionOutcome {
  response: CompletionResponse | null;
  /** Queued on this device because the API was unreachable. */
  offline: boolean;
}

function tutorExplanation(result: RunResult | null, attempts: number): string | null {
  if (!result || result.status !== 'ran' || result.passed) return null;
  if (result.error) {
    return result.error.type === 'Timeout'
      ? 'Your program did not finish. Look for a loop whose condition never becomes false.'
      : `Python stopped at ${result.error.line ? `line ${result.error.line}` : 'your code'} with ${result.error.type}: ${result.error.message}. Fix that line first, then run again.`;
  }
  const failed = result.checks.find((check) => !check.passed);
  if (!failed) return null;
  const shown = result.output.trim() ? ` Your program printed: "${result.output.trim().split('\n').slice(-3).join(' / ')}".` : ' Your program printed nothing.';
  return `Check ${failed.index + 1} did not pass: ${failed.message}${failed.type.startsWith('output') ? shown : ''}${attempts > 2 ? ' Open the next hint if you are stuck.' : ''}`;
}

interface PlayerProps extends LessonPageProps {
  lesson: LessonDto;
  engine: BrowserCheckEngine | null;
  pythonStatus: RuntimeStatus;
}

function LessonPlayer({ lesson, engine, pythonStatus, ...page }: PlayerProps) {
  const router = useRouter();
  const user = useAuthUser();
  const client = useApiClient();
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

  const [selected, setSelected] = useState<number[]>([]);
  const [answers, setAnswers] = useState<string[]>(() => (interaction.kind === 'fill-gap' ? interaction.gaps.map(() => '') : []));
  const [order, setOrder] = useState<number[]>(() => (interaction.kind === 'reorder' ? shuffledOrder(interaction.lines, lesson.id) : []));
  const [answerResult, setAnswerResult] = useState<AnswerResult | null>(null);
  const [runResult, setRunResult] = useState<RunResult | null>(null);
  const [output, setOutput] = useState('');
  const [stdin, setStdin] = useState(() => (lesson.executableContent?.input ?? []).join('\n'));
  const [running, setRunning] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const [hintsShown, setHintsShown] = useState(0);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [passed, setPassed] = useState(false);
  const [completionError, setCompletionError] = useState<string | null>(null);
  const [completion, setCompletion] = useState<CompletionResponse | null>(null);
  /** Passed while the API was unreachable: kept on this device until /web/syncProgress sends it. */
  const [savedOffline, setSavedOffline] = useState(false);
  const [restoreNote, setRestoreNote] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const isRestoreReview = router.query.review === 'restore';
  const queryClient = useQueryClient();
  const [tutorText, setTutorText] = useState<string | null>(null);
  const actionsRef = useRef<HTMLDivElement>(null);

  const executable = lesson.executableContent;
  const starterFiles = useMemo(() => (executable?.files ?? []).map(({ name, content }) => ({ name, content })), [executable]);
  const draft = useLessonDraft({
    userId: user.id,
    lessonId: lesson.id,
    initialFiles: page.initialFiles ?? starterFiles,
    serverSavedAt: page.initialFilesSavedAt,
    starterFiles,
    save: async (files) => {
      await api.saveFiles({ ...page, lessonId: lesson.id }, page.publishSetVersion, files.filter((file) => executable?.files.find((f) => f.name === file.name)?.editable).map((file) => ({ name: file.name, userContent: file.content })));
    },
  });

  const lessonType = executable ? lessonTypeFromFiles(executable.files) : null;
  useEffect(() => {
    if (engine && lessonType && interaction.kind === 'code') engine.warmUp(lessonType);
  }, [engine, lessonType, interaction.kind]);

  // Keyboard and screen-reader users land on Continue as soon as the lesson is passed.
  useEffect(() => {
    if (passed) actionsRef.current?.querySelector('button')?.focus();
  }, [passed]);

  const showHints = mode !== 'challenge';
  const usedHints = hintsShown > 0;

  // Continue waits for the completion's answer: it decides whether the streak or goal screens come first.
  const pendingCompletion = useRef<Promise<CompletionOutcome> | null>(null);
  const complete = useCallback(
    async (tries: number): Promise<CompletionOutcome> => {
      setCompletionError(null);
      const path = { trackId: page.trackId, tutorialId: page.tutorialId, chapterId: page.chapterId, lessonId: lesson.id };
      const input = { mode, attempts: tries, usedHints, completedAt: new Date().toISOString(), timeZone: browserTimeZone() };
      let response: CompletionResponse;
      try {
        response = await api.completeLesson(path, input);
        setCompletion(response);
        void queryClient.invalidateQueries({ queryKey: progressKey(user.id) });
        void queryClient.invalidateQueries({ queryKey: leagueKey(user.id) });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 0 || error.status >= 500) && user.id) {
          // Offline or a server hiccup: the completion keeps its own time stamp and syncs later; the
          // day still counts. (A 4xx means the request itself is wrong: retrying will not help.)
          addPendingCompletion(user.id, { ...path, ...input });
          setSavedOffline(true);
          return { response: null, offline: true };
        }
        setCompletionError(error instanceof Error ? error.message : 'Your progress was not recorded.');
        return { response: null, offline: false };
      }
      if (isRestoreReview) {
        try {
          await api.restoreStreak(path);
          setRestoreNote({ kind: 'success', text: 'Streak restored! The missed days now count as restored.' });
        } catch (error) {
          setRestoreNote({ kind: 'error', text: error instanceof Error ? error.message : 'Your streak could not be restored.' });
        }
      }
      return { response, offline: false };
    },
    [api, page.trackId, page.tutorialId, page.chapterId, lesson.id, mode, usedHints, user.id, isRestoreReview, queryClient],
  );

  function onResult(correct: boolean, tries: number, wrongText: string) {
    if (correct) {
      setPassed(true);
      setFeedback({ kind: 'correct', text: tries === 1 ? 'Correct, first try!' : 'Correct! Well done.' });
      pendingCompletion.current = complete(tries);
    } else {
      setFeedback({ kind: 'wrong', text: wrongText });
      // Tutor mode unlocks the hints step by step after each miss.
      if (mode === 'tutor') setHintsShown((shown) => Math.min(lesson.hints.length, Math.max(shown, tries)));
    }
  }

  async function check() {
    const tries = attempts + 1;
    setAttempts(tries);
    if (interaction.kind === 'code') {
      if (!engine || !lessonType) return;
      setRunning(true);
      setOutput('');
      setFeedback(null);
      const input = stdin === '' ? [] : stdin.split('\n');
      const result = await engine.run({ lessonType, files: draft.files, checks: executable?.checks ?? [], seed: executable?.seed ?? null, stdin: input }, (text) =>
        setOutput((current) => current + text),
      );
      setRunning(false);
      setRunResult(result);
      if (result.status === 'ran') setOutput(result.output);
      const wrong = mode === 'tutor' ? (tutorExplanation(result, tries) ?? 'Not yet.') : 'Not yet: look at the checks below, change your code and run it again.';
      onResult(result.status === 'ran' && result.passed, tries, wrong);
      setTutorText(null);
      if (mode === 'tutor' && page.tutorModel && result.status === 'ran' && !result.passed) {
        // The built-in explanation shows at once; the model's phrasing follows when it answers.
        client
          .request<{ text: string }>({
            method: 'POST',
            path: '/tutor/explain',
            errorKey: 'askTutor',
            body: {
              trackId: page.trackId,
              tutorialId: page.tutorialId,
              chapterId: page.chapterId,
              lessonId: lesson.id,
              files: draft.files.filter((file) => executable?.files.find((f) => f.name === file.name)?.editable).map((file) => ({ name: file.name, userContent: file.content })),
              output: result.output.slice(0, 20_000),
              error: result.error ? `${result.error.type}: ${result.error.message}${result.error.line ? ` (line ${result.error.line})` : ''}` : null,
              failedChecks: result.checks.filter((check) => !check.passed).map((check) => check.index),
            },
          })
          .then((answer) => setTutorText(answer.text))
          .catch(() => setTutorText(null));
      }
      return;
    }
    let result: AnswerResult;
    if (interaction.kind === 'multiple-choice') result = checkMultipleChoice(interaction.choices, new Set(selected));
    else if (interaction.kind === 'fill-gap') result = checkFillGap(interaction.gaps, answers);
    else result = checkReorder(interaction.lines, order);
    setAnswerResult(result);
    const wrongCount = result.items.filter((item) => !item).length;
    const wrong =
      interaction.kind === 'multiple-choice'
        ? 'Not quite. Read the question again and pick another answer.'
        : interaction.kind === 'fill-gap'
          ? `Not quite: ${wrongCount} gap${wrongCount === 1 ? ' is' : 's are'} not right yet.`
          : `Not quite: ${wrongCount} line${wrongCount === 1 ? ' is' : 's are'} in the wrong place.`;
    onResult(result.correct, tries, wrong);
  }

  /** A changed answer clears the last verdict, so the learner can check again. */
  function answerWith<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      if (!passed) {
        setAnswerResult(null);
        setFeedback(null);
      }
    };
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
    const { response, offline } = (await pendingCompletion.current) ?? { response: completion, offline: savedOffline };
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
    interaction.kind === 'multiple-choice' ? selected.length > 0 : interaction.kind === 'fill-gap' ? answers.some((answer) => answer.trim() !== '') : true;

  return (
    <article className={styles.lesson} aria-labelledby="lesson-title">
      <h1 id="lesson-title" className={styles.title}>
        {lesson.title}
      </h1>
      {mode !== 'challenge' && <div className={styles.explanation} dangerouslySetInnerHTML={{ __html: lesson.explanationHtml }} />}
      {mode === 'challenge' && <p className={styles.challenge}>Challenge: no explanation, no hints. Show what you know.</p>}

      <div className={styles.interaction}>
        {interaction.kind === 'multiple-choice' && (
          <MultipleChoice
            questionHtml={lesson.questionHtml ?? ''}
            choices={interaction.choices.map(({ text }) => ({ text }))}
            multiple={interaction.choices.filter((choice) => choice.correct).length > 1}
            selected={selected}
            onChange={answerWith(setSelected)}
            result={answerResult}
            disabled={passed}
          />
        )}
        {interaction.kind === 'fill-gap' && (
          <FillGap
            templates={interaction.templates}
            gapCount={interaction.gaps.length}
            chips={interaction.chips}
            answers={answers}
            onChange={answerWith(setAnswers)}
            result={answerResult}
            disabled={passed}
          />
        )}
        {interaction.kind === 'reorder' && (
          <ReorderLines
            lines={interaction.lines}
            order={order}
            onChange={answerWith(setOrder)}
            result={answerResult}
            disabled={passed}
          />
        )}
        {interaction.kind === 'code' && (
          <CodeLesson
            lesson={lesson}
            files={draft.files}
            onFileChange={draft.setFile}
            onRun={() => void check()}
            onReset={draft.reset}
            running={running}
            output={output}
            result={runResult}
            runtimeStatus={lessonType === 'Python' ? pythonStatus : 'ready'}
            saveStatus={draft.status}
            saveRefusal={draft.refusal}
            disabled={passed}
            stdin={stdin}
            onStdinChange={setStdin}
          />
        )}
      </div>

      {showHints && lesson.hintsHtml.length > 0 && (
        <section className={styles.hints} aria-label="Hints">
          <ol className={styles.hintList}>
            {lesson.hintsHtml.slice(0, hintsShown).map((hint, index) => (
              <li key={index} dangerouslySetInnerHTML={{ __html: hint }} />
            ))}
          </ol>
          {hintsShown < lesson.hintsHtml.length && !passed && (
            <Button variant="ghost" size="sm" onClick={() => setHintsShown(hintsShown + 1)}>
              {hintsShown === 0 ? 'Show a hint' : 'Show another hint'}
            </Button>
          )}
        </section>
      )}

      <footer className={styles.footer} data-state={feedback?.kind ?? 'idle'}>
        <div className={styles.feedback} role="status" aria-live="polite">
          <p>{feedback?.text}</p>
          {tutorText && feedback?.kind === 'wrong' && <p className={styles.tutor}>Tutor: {tutorText}</p>}
        </div>
        {savedOffline && <Alert kind="info">We could not reach the server. This lesson is saved on this device and will sync when you are back online.</Alert>}
        {restoreNote && <Alert kind={restoreNote.kind}>{restoreNote.text}</Alert>}
        {completion && completion.xpAwarded > 0 && (
          <p className={styles.xpGain} aria-live="polite">
            +{completion.xpAwarded} XP
          </p>
        )}
        {completionError && (
          <Alert kind="warning">
            {completionError}{' '}
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                pendingCompletion.current = complete(attempts);
              }}
            >
              Try again
            </Button>
          </Alert>
        )}
        <div ref={actionsRef} className={styles.actions}>
          {passed ? (
            <Button size="lg" onClick={() => void next()}>
              Continue
            </Button>
          ) : interaction.kind !== 'code' ? (
            <Button size="lg" onClick={() => void check()} disabled={!anyAnswer}>
              Check
            </Button>
          ) : null}
        </div>
      </footer>
    </article>
  );
}

/** The lesson routes (learn, challenge, tutor). */
export default function LessonView(props: LessonPageProps) {
  const { engine, pythonStatus } = useCheckEngine();
  useRuntimePreload({ lessonTypes: props.lessons.map((entry) => entry.lessonType) });
  const lesson = props.lessons[props.lessonIndex];
  const router = useRouter();

  // Preload the next lesson's page data so Continue is instant.
  useEffect(() => {
    const nextIndex = props.lessonIndex + 1;
    if (nextIndex < props.lessons.length) void router.prefetch(lessonPath(props, props.mode, nextIndex));
  }, [props, router]);

  if (!lesson) return null;
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
          <span className={styles.mode}>{MODE_LABEL[props.mode]}</span>
          <HeaderStats />
        </header>
        <main id="main" className={styles.main}>
          <p className={styles.where}>
            {props.tutorialTitle} · {props.chapterTitle} · Lesson {props.lessonIndex + 1} of {props.lessons.length}
          </p>
          <LessonPlayer key={`${lesson.id}:${props.mode}`} {...props} lesson={lesson} engine={engine} pythonStatus={pythonStatus} />
        </main>
      </div>
    </AuthGate>
  );
}

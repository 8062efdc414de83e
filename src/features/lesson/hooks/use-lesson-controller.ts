import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useRouter } from 'next/router';
import { useMutation } from '@tanstack/react-query';
import { hasAnswerToCheck, wrongAnswerText } from '@/domain/lessons/answer-feedback';
import { checkFillGap, checkMultipleChoice, checkReorder, type AnswerResult } from '@/domain/lessons/answers';
import { chipOrder, choiceOrder, learnerSeed, lineOrder } from '@/domain/lessons/learner-order';
import { lessonTypeFromFiles } from '@/domain/lessons/lesson-type';
import { describeRunError, runVerdict, tutorExplanation } from '@/domain/lessons/run-feedback';
import { useApiClient, useAuthUser } from '@/features/auth';
import { pageStorageKey, useCodeDraft, type CheckEngineHandle } from '@/features/editor';
import { track } from '@/lib/analytics/track';
import type { LessonDto, Submission } from '@/lib/api-client/learning-endpoints';
import type { LessonPageProps } from '@/lib/lesson/lesson-page-props';
import { initialAttempt } from '../model/attempt';
import { footerAction, initialLessonController, isBarQuiet, lessonControllerReducer, tutorText } from '../model/lesson-controller';
import { useLessonApi } from './use-lesson-api';
import { useLessonCompletion } from './use-lesson-completion';
import { useLessonContinue } from './use-lesson-continue';

interface ExplainRequest {
  files: { name: string; userContent: string }[];
  output: string;
  error: string | null;
  failedChecks: number[];
}

export interface LessonControllerInput extends LessonPageProps {
  lesson: LessonDto;
  engine: CheckEngineHandle;
}

/**
 * The lesson player's controller: the reducer (model/lesson-controller.ts) wired to the runner,
 * the requests (draft saves, completion, tutor), analytics, focus and routing (use-lesson-continue.ts). No markup.
 */
export function useLessonController({ lesson, engine, ...page }: LessonControllerInput) {
  const router = useRouter();
  const user = useAuthUser();
  const client = useApiClient();
  const api = useLessonApi(client);
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

  const reducer = useMemo(() => lessonControllerReducer({ mode, hintCount: lesson.hintsHtml.length }), [mode, lesson.hintsHtml.length]);
  const [controller, dispatch] = useReducer(reducer, null, () =>
    initialLessonController(
      initialAttempt({
        answers: interaction.kind === 'fill-gap' ? interaction.gaps.map(() => '') : [],
        order: interaction.kind === 'reorder' ? lineOrder(interaction.lines, seed) : [],
        stdin: (lesson.executableContent?.input ?? []).join('\n'),
      }),
    ),
  );
  const state = controller.attempt;
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

  const path = { trackId: page.trackId, tutorialId: page.tutorialId, chapterId: page.chapterId, lessonId: lesson.id };
  const { completeWith, pendingCompletion } = useLessonCompletion({ api, dispatch, userId: user.id, path, mode, usedHints: state.hintsShown > 0, isRestoreReview });
  const next = useLessonContinue({ page, isRestoreReview, pendingCompletion, settled: controller.completion.outcome });

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
      explain.mutate(
        {
          files: editableFiles(draft.files),
          output: ran.output.slice(0, 20_000),
          error: ran.error ? describeRunError(ran.error) : null,
          failedChecks: ran.checks.filter((check) => !check.passed).map((check) => check.index),
        },
        { onSuccess: ({ text }) => dispatch({ type: 'tutor-explained', attempt: tries, text }) },
      );
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
    const wrongText = wrongAnswerText(interaction.kind, result.items.filter((item) => !item).length);
    dispatch({ type: 'answer-checked', result, wrongText });
    if (result.correct) completeWith(state.attempts + 1, answerSubmission());
    else void track('lesson_failed', { ...path, mode });
  }

  function retryCompletion() {
    const { submission } = controller.completion;
    if (submission) completeWith(state.attempts, submission);
  }

  const action = footerAction(controller, interaction.kind);
  return {
    lesson,
    mode,
    interaction,
    state,
    shownChoices,
    shownChips,
    draft,
    starterFiles,
    python: lessonType === 'Python',
    storageKey: user.id ? pageStorageKey(user.id, lesson.id) : null,
    showHints: mode !== 'challenge',
    completion: controller.completion,
    tutorText: tutorText(controller),
    action,
    quiet: isBarQuiet(controller, action),
    anyAnswer: hasAnswerToCheck(interaction.kind, state),
    actionsRef,
    footerRef,
    reportLesson: path,
    reportSnapshot: () => ({ files: interaction.kind === 'code' ? editableFiles(draft.files) : [], output: state.output }),
    dispatch,
    run: () => void run(),
    checkAnswer,
    next: () => void next(),
    retryCompletion,
  };
}

export type LessonController = ReturnType<typeof useLessonController>;

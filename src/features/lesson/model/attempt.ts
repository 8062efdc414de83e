/**
 * The state of one attempt at a lesson, as a pure reducer: the learner's answer, the last run or
 * check, the feedback bar, and the hints shown. Completing the lesson and the tutor's phrasing are
 * server calls and live in react-query mutations (hooks/use-lesson-controller.ts); what they answer
 * joins this state in lesson-controller.ts.
 */
import type { AnswerResult } from '@/domain/lessons/answers';
import type { LessonMode } from '@/domain/lessons/lesson-mode';
import type { RunResult } from '@/runner/run-types';

export type Feedback = { kind: 'correct' | 'wrong'; text: string } | null;

export interface AttemptState {
  /** Multiple choice: the selected choices, as authored indices (whatever order they are shown in). */
  selected: number[];
  /** Fill the gap: one answer per gap. */
  answers: string[];
  /** Reorder: order[i] = authored line shown at position i. */
  order: number[];
  answerResult: AnswerResult | null;
  runResult: RunResult | null;
  output: string;
  stdin: string;
  running: boolean;
  attempts: number;
  hintsShown: number;
  feedback: Feedback;
  passed: boolean;
}

export type AttemptAction =
  | { type: 'select'; selected: number[] }
  | { type: 'fill'; answers: string[] }
  | { type: 'reorder'; order: number[] }
  | { type: 'stdin'; value: string }
  | { type: 'show-hint'; hintCount: number }
  | { type: 'run-started' }
  | { type: 'run-output'; text: string }
  | { type: 'run-finished'; result: RunResult; wrongText: string }
  | { type: 'answer-checked'; result: AnswerResult; wrongText: string }
  /** The server graded the work the browser passed, and it did not pass: the server's verdict stands. */
  | { type: 'server-refused'; text: string };

export interface AttemptContext {
  mode: LessonMode;
  hintCount: number;
}

export function initialAttempt(start: Pick<AttemptState, 'answers' | 'order' | 'stdin'>): AttemptState {
  return { selected: [], answerResult: null, runResult: null, output: '', running: false, attempts: 0, hintsShown: 0, feedback: null, passed: false, ...start };
}

/** A changed answer clears the last verdict, so the learner can check again (a passed lesson keeps it). */
function answered(state: AttemptState, patch: Partial<AttemptState>): AttemptState {
  if (state.passed) return state;
  return { ...state, ...patch, answerResult: null, feedback: null };
}

function verdict(state: AttemptState, correct: boolean, wrongText: string, context: AttemptContext): AttemptState {
  if (correct) return { ...state, passed: true, feedback: { kind: 'correct', text: state.attempts === 1 ? 'Correct, first try!' : 'Correct! Well done.' } };
  // Tutor mode unlocks the hints step by step after each miss.
  const hintsShown = context.mode === 'tutor' ? Math.min(context.hintCount, Math.max(state.hintsShown, state.attempts)) : state.hintsShown;
  return { ...state, hintsShown, feedback: { kind: 'wrong', text: wrongText } };
}

export function attemptReducer(context: AttemptContext) {
  return (state: AttemptState, action: AttemptAction): AttemptState => {
    switch (action.type) {
      case 'select':
        return answered(state, { selected: action.selected });
      case 'fill':
        return answered(state, { answers: action.answers });
      case 'reorder':
        return answered(state, { order: action.order });
      case 'stdin':
        return { ...state, stdin: action.value };
      case 'show-hint':
        return { ...state, hintsShown: Math.min(action.hintCount, state.hintsShown + 1) };
      case 'run-started':
        if (state.passed || state.running) return state;
        return { ...state, running: true, attempts: state.attempts + 1, output: '', feedback: null, runResult: null };
      case 'run-output':
        return state.running ? { ...state, output: state.output + action.text } : state;
      case 'run-finished': {
        const ran = action.result.status === 'ran' ? action.result : null;
        const next = { ...state, running: false, runResult: action.result, output: ran ? ran.output : state.output };
        return verdict(next, !!ran?.passed, action.wrongText, context);
      }
      case 'server-refused':
        return { ...state, passed: false, feedback: { kind: 'wrong', text: action.text } };
      case 'answer-checked': {
        if (state.passed) return state;
        const next = { ...state, attempts: state.attempts + 1, answerResult: action.result };
        return verdict(next, action.result.correct, action.wrongText, context);
      }
    }
  };
}

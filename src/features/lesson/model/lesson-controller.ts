/**
 * What the lesson player shows, as one pure reducer: the attempt (answer, run, verdict, hints,
 * attempts: attempt.ts), the completion the server is asked for (pending, its outcome or its
 * error, and the submission Try again sends once more) and tutor mode's phrasing of a miss.
 * The requests themselves are react-query mutations in use-lesson-controller.ts, which dispatches
 * what they answer here.
 */
import type { CompletionResponse, Submission } from '@/lib/api-client/learning-endpoints';
import { attemptReducer, type AttemptAction, type AttemptContext, type AttemptState } from './attempt';

export interface CompletionOutcome {
  response: CompletionResponse | null;
  /** The server graded the work and it did not pass: nothing was recorded. */
  refused?: boolean;
  /** Queued on this device because the API was unreachable. */
  offline: boolean;
  /** After a restore-streak review lesson: whether the streak came back. */
  restoreNote: { kind: 'success' | 'error'; text: string } | null;
}

export interface CompletionState {
  /** Which request this is: an answer to an earlier one never overwrites a later one. */
  id: number;
  status: 'idle' | 'pending' | 'settled' | 'failed';
  /** What was handed in last, for Try again. */
  submission: Submission | null;
  outcome: CompletionOutcome | null;
  /** The human sentence for a completion that failed. */
  error: string | null;
}

export interface LessonControllerState {
  attempt: AttemptState;
  completion: CompletionState;
  /** Tutor mode: the model's phrasing of the last miss, for the attempt it explains. */
  tutor: { attempt: number; text: string } | null;
}

export type CompletionAction =
  | { type: 'completion-started'; id: number; submission: Submission }
  | { type: 'completion-settled'; id: number; outcome: CompletionOutcome }
  | { type: 'completion-failed'; id: number; message: string };

export type LessonControllerAction = AttemptAction | CompletionAction | { type: 'tutor-explained'; attempt: number; text: string };

export const idleCompletion: CompletionState = { id: 0, status: 'idle', submission: null, outcome: null, error: null };

export function initialLessonController(attempt: AttemptState): LessonControllerState {
  return { attempt, completion: idleCompletion, tutor: null };
}

function completionReducer(state: CompletionState, action: CompletionAction): CompletionState {
  if (action.type === 'completion-started') return { id: action.id, status: 'pending', submission: action.submission, outcome: null, error: null };
  if (action.id !== state.id) return state;
  if (action.type === 'completion-settled') return { ...state, status: 'settled', outcome: action.outcome, error: null };
  return { ...state, status: 'failed', outcome: null, error: action.message };
}

export function lessonControllerReducer(context: AttemptContext) {
  const attemptStep = attemptReducer(context);
  return (state: LessonControllerState, action: LessonControllerAction): LessonControllerState => {
    switch (action.type) {
      case 'completion-started':
      case 'completion-settled':
      case 'completion-failed': {
        const completion = completionReducer(state.completion, action);
        return completion === state.completion ? state : { ...state, completion };
      }
      case 'tutor-explained':
        // A new run forgets the last explanation; one that answers after it is too late to show.
        if (action.attempt !== state.attempt.attempts || state.attempt.running) return state;
        return { ...state, tutor: { attempt: action.attempt, text: action.text } };
      default: {
        const attempt = attemptStep(state.attempt, action);
        if (attempt === state.attempt) return state;
        return { ...state, attempt, tutor: action.type === 'run-started' ? null : state.tutor };
      }
    }
  };
}

/** The bar's button: Continue once passed, Check for answer lessons (code lessons run from the editor). */
export function footerAction(state: LessonControllerState, interactionKind: string): 'continue' | 'check' | null {
  if (state.attempt.passed) return 'continue';
  return interactionKind !== 'code' ? 'check' : null;
}

/** The tutor's words show under a miss only. */
export function tutorText(state: LessonControllerState): string | null {
  return state.attempt.feedback?.kind === 'wrong' ? (state.tutor?.text ?? null) : null;
}

/** Nothing to say and nothing to press: the bar takes no space (on phones it sat over the editor). */
export function isBarQuiet(state: LessonControllerState, action: 'continue' | 'check' | null): boolean {
  const { outcome, error } = state.completion;
  return !state.attempt.feedback && !action && !outcome?.offline && !outcome?.restoreNote && !error;
}

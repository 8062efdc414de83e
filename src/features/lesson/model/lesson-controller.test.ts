import type { RunResult } from '@/runner/run-types';
import { initialAttempt, type AttemptState } from './attempt';
import {
  footerAction,
  idleCompletion,
  initialLessonController,
  isBarQuiet,
  lessonControllerReducer,
  tutorText,
  type CompletionOutcome,
  type CompletionState,
  type LessonControllerAction,
  type LessonControllerState,
} from './lesson-controller';

const learn = lessonControllerReducer({ mode: 'learn', hintCount: 2 });
const tutor = lessonControllerReducer({ mode: 'tutor', hintCount: 2 });

const ran = (passed: boolean): RunResult => ({ status: 'ran', passed, output: 'out', error: null, timedOut: false, checks: [{ index: 0, type: 'output-equals', passed, message: passed ? null : 'Print hi' }] });
const response = { xpAwarded: 10, streakExtended: false, goalJustMet: false } as unknown as NonNullable<CompletionOutcome['response']>;
const recorded: CompletionOutcome = { response, offline: false, restoreNote: null };
const offline: CompletionOutcome = { response: null, offline: true, restoreNote: null };
const refused: CompletionOutcome = { response: null, refused: true, offline: false, restoreNote: null };

const attempt = (patch: Partial<AttemptState> = {}): AttemptState => ({ ...initialAttempt({ answers: [''], order: [1, 0], stdin: '' }), ...patch });
const at = (patch: { attempt?: Partial<AttemptState>; completion?: Partial<CompletionState>; tutor?: LessonControllerState['tutor'] } = {}): LessonControllerState => ({
  ...initialLessonController(attempt(patch.attempt)),
  completion: { ...idleCompletion, ...patch.completion },
  tutor: patch.tutor ?? null,
});

const fresh = at();
const wrongRun = at({ attempt: { attempts: 1, feedback: { kind: 'wrong', text: 'Not yet: Print hi' }, runResult: ran(false), output: 'out' } });
const explained = at({ attempt: { attempts: 1, feedback: { kind: 'wrong', text: 'Not yet' } }, tutor: { attempt: 1, text: 'Print it' } });
const running = at({ attempt: { attempts: 2, running: true } });
const passed = at({ attempt: { attempts: 1, passed: true, feedback: { kind: 'correct', text: 'Correct, first try!' } } });
const pending = at({ attempt: passed.attempt, completion: { id: 1, status: 'pending', submission: { choices: [0] } } });
const settled = at({ attempt: passed.attempt, completion: { id: 1, status: 'settled', submission: { choices: [0] }, outcome: recorded } });
const failed = at({ attempt: passed.attempt, completion: { id: 1, status: 'failed', submission: { choices: [0] }, error: 'Your progress was not recorded.' } });
const retrying = at({ attempt: passed.attempt, completion: { id: 2, status: 'pending', submission: { choices: [0] } } });

type Row = [string, typeof learn, LessonControllerState, LessonControllerAction, LessonControllerState];

const rows: Row[] = [
  // The attempt's own transitions (attempt.test.ts has them in full) pass through; the rest stays.
  ['select from fresh', learn, fresh, { type: 'select', selected: [1] }, at({ attempt: { selected: [1] } })],
  ['fill from a miss clears the verdict', learn, wrongRun, { type: 'fill', answers: ['x'] }, at({ attempt: { ...wrongRun.attempt, answers: ['x'], feedback: null, answerResult: null } })],
  ['stdin from fresh', learn, fresh, { type: 'stdin', value: '3' }, at({ attempt: { stdin: '3' } })],
  ['show-hint from fresh', learn, fresh, { type: 'show-hint', hintCount: 2 }, at({ attempt: { hintsShown: 1 } })],
  ['a checked right answer passes', learn, fresh, { type: 'answer-checked', result: { correct: true, items: [true] }, wrongText: 'no' }, at({ attempt: { attempts: 1, passed: true, answerResult: { correct: true, items: [true] }, feedback: { kind: 'correct', text: 'Correct, first try!' } } })],
  ['a checked answer after passing changes nothing', learn, passed, { type: 'answer-checked', result: { correct: false, items: [false] }, wrongText: 'no' }, passed],
  ['run-started from fresh', learn, fresh, { type: 'run-started' }, at({ attempt: { running: true, attempts: 1 } })],
  ['run-started forgets the tutor’s last explanation', tutor, explained, { type: 'run-started' }, at({ attempt: { attempts: 2, running: true } })],
  ['run-started while running changes nothing', learn, running, { type: 'run-started' }, running],
  ['run-started after passing changes nothing (and keeps the completion)', learn, settled, { type: 'run-started' }, settled],
  ['run-finished with a miss in tutor mode opens a hint', tutor, running, { type: 'run-finished', result: ran(false), wrongText: 'Not yet' }, at({ attempt: { attempts: 2, runResult: ran(false), output: 'out', hintsShown: 2, feedback: { kind: 'wrong', text: 'Not yet' } } })],
  ['server-refused takes the pass back and says why', learn, pending, { type: 'server-refused', text: 'Not quite: the server…' }, at({ attempt: { ...passed.attempt, passed: false, feedback: { kind: 'wrong', text: 'Not quite: the server…' } }, completion: pending.completion })],

  // The completion.
  ['completion-started from idle', learn, passed, { type: 'completion-started', id: 1, submission: { choices: [0] } }, pending],
  ['completion-started again (Try again) forgets the error', learn, failed, { type: 'completion-started', id: 2, submission: { choices: [0] } }, retrying],
  ['completion-started again forgets the last outcome', learn, settled, { type: 'completion-started', id: 2, submission: { choices: [0] } }, retrying],
  ['completion-settled recorded', learn, pending, { type: 'completion-settled', id: 1, outcome: recorded }, settled],
  ['completion-settled offline', learn, pending, { type: 'completion-settled', id: 1, outcome: offline }, at({ attempt: passed.attempt, completion: { ...pending.completion, status: 'settled', outcome: offline } })],
  ['completion-settled refused', learn, pending, { type: 'completion-settled', id: 1, outcome: refused }, at({ attempt: passed.attempt, completion: { ...pending.completion, status: 'settled', outcome: refused } })],
  ['completion-failed', learn, pending, { type: 'completion-failed', id: 1, message: 'Your progress was not recorded.' }, failed],
  ['an earlier request settling after a later one started changes nothing', learn, retrying, { type: 'completion-settled', id: 1, outcome: recorded }, retrying],
  ['an earlier request failing after a later one started changes nothing', learn, retrying, { type: 'completion-failed', id: 1, message: 'x' }, retrying],

  // Tutor mode's phrasing.
  ['tutor-explained for the last miss shows', tutor, wrongRun, { type: 'tutor-explained', attempt: 1, text: 'Print it' }, { ...wrongRun, tutor: { attempt: 1, text: 'Print it' } }],
  ['tutor-explained for an earlier run changes nothing', tutor, at({ attempt: { ...wrongRun.attempt, attempts: 2 } }), { type: 'tutor-explained', attempt: 1, text: 'old' }, at({ attempt: { ...wrongRun.attempt, attempts: 2 } })],
  ['tutor-explained during the next run changes nothing', tutor, running, { type: 'tutor-explained', attempt: 2, text: 'early' }, running],
];

describe('lessonControllerReducer', () => {
  it.each(rows)('%s', (_name, reduce, from, action, expected) => {
    expect(reduce(from, action)).toEqual(expected);
  });

  it('returns the same state when nothing changes (no re-render)', () => {
    expect(learn(running, { type: 'run-started' })).toBe(running);
    expect(learn(retrying, { type: 'completion-settled', id: 1, outcome: recorded })).toBe(retrying);
    expect(tutor(running, { type: 'tutor-explained', attempt: 2, text: 'early' })).toBe(running);
  });
});

describe('footerAction', () => {
  it.each([
    ['multiple-choice', fresh, 'check'],
    ['reorder', wrongRun, 'check'],
    ['fill-gap', passed, 'continue'],
    ['code', fresh, null],
    ['code', running, null],
    ['code', passed, 'continue'],
  ] as const)('%s → %s', (kind, state, expected) => {
    expect(footerAction(state, kind)).toBe(expected);
  });
});

describe('tutorText', () => {
  it.each([
    ['a miss with an explanation', explained, 'Print it'],
    ['a miss without one', wrongRun, null],
    ['an explanation with no verdict shown', at({ tutor: { attempt: 0, text: 'Print it' } }), null],
    ['an explanation under a correct verdict', at({ attempt: passed.attempt, tutor: { attempt: 1, text: 'Print it' } }), null],
  ] as const)('%s → %s', (_name, state, expected) => {
    expect(tutorText(state)).toBe(expected);
  });
});

describe('isBarQuiet', () => {
  it.each([
    ['a fresh code lesson', fresh, null, true],
    ['a fresh answer lesson has Check to press', fresh, 'check', false],
    ['a verdict', wrongRun, null, false],
    ['a pending completion says nothing yet', at({ completion: { id: 1, status: 'pending' } }), null, true],
    ['saved offline', at({ completion: { id: 1, status: 'settled', outcome: offline } }), null, false],
    ['a restore note', at({ completion: { id: 1, status: 'settled', outcome: { ...recorded, restoreNote: { kind: 'success', text: 'Streak restored!' } } } }), null, false],
    ['a failed completion', at({ completion: { id: 1, status: 'failed', error: 'Your progress was not recorded.' } }), null, false],
    ['a refused completion (its verdict speaks)', at({ completion: { id: 1, status: 'settled', outcome: refused } }), null, true],
  ] as const)('%s → %s', (_name, state, action, expected) => {
    expect(isBarQuiet(state, action)).toBe(expected);
  });
});

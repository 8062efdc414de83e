import type { RunResult } from '@/runner/run-types';
import { attemptReducer, initialAttempt, type AttemptAction, type AttemptState } from './attempt';

const start = initialAttempt({ answers: ['', ''], order: [1, 0], stdin: '' });
const learn = attemptReducer({ mode: 'learn', hintCount: 2 });
const tutor = attemptReducer({ mode: 'tutor', hintCount: 2 });
const play = (reduce: typeof learn, actions: AttemptAction[], from: AttemptState = start) => actions.reduce(reduce, from);

const ran = (passed: boolean, output = ''): RunResult => ({ status: 'ran', passed, output, error: null, timedOut: false, checks: [{ index: 0, type: 'output-equals', passed, message: passed ? null : 'Print hi' }] });

describe('attemptReducer', () => {
  it('a run streams output, then its result replaces it and decides the verdict', () => {
    const running = play(learn, [{ type: 'run-started' }, { type: 'run-output', text: 'h' }, { type: 'run-output', text: 'i' }]);
    expect(running).toMatchObject({ running: true, output: 'hi', attempts: 1, feedback: null });
    const done = learn(running, { type: 'run-finished', result: ran(false, 'hi\n'), wrongText: 'Not yet: Print hi' });
    expect(done).toMatchObject({ running: false, output: 'hi\n', passed: false, feedback: { kind: 'wrong', text: 'Not yet: Print hi' } });
  });

  it.each([
    [1, 'Correct, first try!'],
    [2, 'Correct! Well done.'],
  ])('passing on try %d says %s', (tries, text) => {
    const actions: AttemptAction[] = [];
    for (let i = 1; i < tries; i += 1) actions.push({ type: 'run-started' }, { type: 'run-finished', result: ran(false), wrongText: 'no' });
    actions.push({ type: 'run-started' }, { type: 'run-finished', result: ran(true), wrongText: 'no' });
    expect(play(learn, actions)).toMatchObject({ passed: true, attempts: tries, feedback: { kind: 'correct', text } });
  });

  it('a new run clears the last verdict and result; output from a finished run is ignored', () => {
    const failed = play(learn, [{ type: 'run-started' }, { type: 'run-finished', result: ran(false), wrongText: 'no' }]);
    expect(learn(failed, { type: 'run-output', text: 'late' }).output).toBe('');
    expect(learn(failed, { type: 'run-started' })).toMatchObject({ feedback: null, runResult: null, running: true });
  });

  it('a passed lesson runs and checks no more, and keeps its answer', () => {
    const passed = play(learn, [{ type: 'run-started' }, { type: 'run-finished', result: ran(true), wrongText: 'no' }]);
    expect(learn(passed, { type: 'run-started' })).toBe(passed);
    expect(learn(passed, { type: 'fill', answers: ['x', 'y'] })).toBe(passed);
    expect(learn(passed, { type: 'answer-checked', result: { correct: false, items: [false] }, wrongText: 'no' })).toBe(passed);
  });

  it('changing an answer clears the verdict so the learner can check again', () => {
    const wrong = play(learn, [{ type: 'answer-checked', result: { correct: false, items: [false, true] }, wrongText: 'Not quite' }]);
    expect(wrong.feedback?.kind).toBe('wrong');
    expect(learn(wrong, { type: 'select', selected: [2] })).toMatchObject({ selected: [2], feedback: null, answerResult: null, attempts: 1 });
    expect(learn(wrong, { type: 'reorder', order: [0, 1] })).toMatchObject({ order: [0, 1], feedback: null });
  });

  it('tutor mode opens one more hint after each miss, up to the last; learn mode waits to be asked', () => {
    const miss: AttemptAction = { type: 'answer-checked', result: { correct: false, items: [false] }, wrongText: 'no' };
    expect(play(tutor, [miss]).hintsShown).toBe(1);
    expect(play(tutor, [miss, miss, miss]).hintsShown).toBe(2);
    expect(play(learn, [miss, miss]).hintsShown).toBe(0);
    expect(play(learn, [{ type: 'show-hint', hintCount: 2 }, { type: 'show-hint', hintCount: 2 }, { type: 'show-hint', hintCount: 2 }]).hintsShown).toBe(2);
  });

  it('an unsupported run is a miss that keeps the streamed output', () => {
    const state = play(learn, [{ type: 'run-started' }, { type: 'run-output', text: 'partial' }, { type: 'run-finished', result: { status: 'unsupported', reason: 'No runtime' }, wrongText: 'no' }]);
    expect(state).toMatchObject({ passed: false, output: 'partial', running: false });
  });
});

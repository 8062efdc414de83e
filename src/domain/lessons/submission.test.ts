import type { Check, Interaction } from '@/domain/content/model';
import { gradeAnswer, isHiddenCheck, submittedFiles, visibleChecks, type Submission } from './submission';

const message = 'm';

describe('isHiddenCheck', () => {
  it.each<[Check, boolean]>([
    [{ type: 'output-equals', text: 'x', message }, false],
    [{ type: 'assert', code: 'assert(true)', message }, false],
    [{ type: 'uses', construct: 'for', message }, false],
    [{ type: 'rerun', set: { n: 2 }, output: '4\n', message }, true],
    [{ type: 'rerun', input: ['Ada'], contains: 'Ada', message }, true],
    [{ type: 'sql-result', columns: ['a'], rows: [[1]], message }, false],
    [{ type: 'sql-result', columns: ['a'], rows: [[1]], data: 'lesson', message }, false],
    [{ type: 'sql-result', columns: ['a'], rows: [[2]], data: 'check', message }, true],
    [{ type: 'dom', selector: 'h1', message }, false],
    [{ type: 'dom', selector: 'li', count: 3, set: { tasks: ['a', 'b', 'c'] }, message }, true],
    [{ type: 'css', selector: 'p', property: 'color', value: 'red', message }, false],
  ])('%j → %s', (check, hidden) => {
    expect(isHiddenCheck(check)).toBe(hidden);
  });

  it('visibleChecks keeps the order of what it keeps', () => {
    const checks: Check[] = [
      { type: 'output-equals', text: 'a', message: '1' },
      { type: 'rerun', output: 'b', message: '2' },
      { type: 'output-contains', text: 'c', message: '3' },
    ];
    expect(visibleChecks(checks).map((check) => check.message)).toEqual(['1', '3']);
  });
});

describe('submittedFiles', () => {
  const lesson = [
    { name: 'main.py', content: 'starter', editable: true },
    { name: 'data.py', content: 'DATA = 1', editable: false },
  ];
  it.each<[string, { name: string; userContent: string }[], ReturnType<typeof submittedFiles>]>([
    ['the learner’s editable file over the lesson’s', [{ name: 'main.py', userContent: 'print(1)' }], { ok: true, files: [{ name: 'main.py', content: 'print(1)' }, { name: 'data.py', content: 'DATA = 1' }] }],
    ['nothing sent: the starter is graded', [], { ok: true, files: [{ name: 'main.py', content: 'starter' }, { name: 'data.py', content: 'DATA = 1' }] }],
    ['a read-only file is refused', [{ name: 'data.py', userContent: 'DATA = 2' }], { ok: false, message: '"data.py" is not an editable file of this lesson (editable: main.py).' }],
    ['a file the lesson does not have', [{ name: 'other.py', userContent: '' }], { ok: false, message: '"other.py" is not an editable file of this lesson (editable: main.py).' }],
    ['a file sent twice', [{ name: 'main.py', userContent: 'a' }, { name: 'main.py', userContent: 'b' }], { ok: false, message: '"main.py" appears twice.' }],
  ])('%s', (_label, submitted, expected) => {
    expect(submittedFiles(lesson, submitted)).toEqual(expected);
  });
});

describe('gradeAnswer', () => {
  const choice: Interaction = { kind: 'multiple-choice', question: 'q', choices: [{ text: 'a', correct: false }, { text: 'b', correct: true }] };
  const gap: Interaction = { kind: 'fill-gap', templates: [], gaps: [{ accepted: ['print'] }], chips: ['print', 'echo'] };
  const reorder: Interaction = { kind: 'reorder', lines: ['one', 'two', 'three'] };
  it.each<[string, Interaction, Submission, boolean | string]>([
    ['the right choice', choice, { choices: [1] }, true],
    ['the wrong choice', choice, { choices: [0] }, false],
    ['both choices', choice, { choices: [0, 1] }, false],
    ['no choice', choice, { choices: [] }, false],
    ['a choice that does not exist', choice, { choices: [7] }, 'This question has 2 choices.'],
    ['gaps for a choice', choice, { gaps: ['x'] }, 'A multiple-choice lesson is answered with `choices` (the indices picked).'],
    ['the right gap (spaces aside)', gap, { gaps: [' print '] }, true],
    ['a wrong gap', gap, { gaps: ['echo'] }, false],
    ['too many gaps', gap, { gaps: ['print', 'print'] }, 'This lesson has 1 gap.'],
    ['the right order', reorder, { order: [0, 1, 2] }, true],
    ['a wrong order', reorder, { order: [1, 0, 2] }, false],
    ['a line twice', reorder, { order: [0, 0, 2] }, 'The order must name each of the 3 lines once.'],
    ['a short order', reorder, { order: [0, 1] }, 'The order must name each of the 3 lines once.'],
    ['files for a choice', choice, { files: [] }, 'A multiple-choice lesson is answered with `choices` (the indices picked).'],
    ['an answer for a code lesson', { kind: 'code' }, { choices: [0] }, 'A code lesson is answered with its files.'],
  ])('%s', (_label, interaction, submission, expected) => {
    const graded = gradeAnswer(interaction, submission);
    if (typeof expected === 'string') expect(graded).toEqual({ ok: false, message: expected });
    else expect(graded.ok && graded.result.correct).toBe(expected);
  });
});

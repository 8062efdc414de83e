import type { Check } from '@/domain/content/model';
import type { LessonType } from './lesson-type';
import { describeRunError, runVerdict, truthfulCheckResults, tutorExplanation, visibleChecks, type RunFacts } from './run-feedback';

const run = (facts: Partial<RunFacts>): RunFacts => ({ passed: false, output: '', error: null, checks: [], ...facts });
const error = (type: string, message: string, line: number | null = null) => run({ error: { type, message, line }, checks: [{ index: 0, type: 'output-equals', passed: false, message: 'Leave age set to 12' }] });
const timeout = run({ error: { type: 'Timeout', message: 'Your program ran for too long and was stopped.', line: null } });
const failedOutput = run({ output: 'Hello\n', checks: [{ index: 0, type: 'output-contains', passed: false, message: 'Print Hello, world!' }] });
const failedOther = (type: string) => run({ output: 'x', checks: [{ index: 0, type: 'output-equals', passed: true, message: null }, { index: 1, type, passed: false, message: 'Keep the h1' }] });
const passed = run({ passed: true, checks: [{ index: 0, type: 'output-equals', passed: true, message: null }] });

describe('tutorExplanation per language', () => {
  it.each<[LessonType, string, RunFacts, string | null]>([
    ['Python', 'error', error('NameError', "name 'x' is not defined", 2), "Python stopped at line 2 with NameError: name 'x' is not defined. Fix that first, then run again."],
    ['Python', 'timeout', timeout, 'Your program did not finish. Look for a loop whose condition never becomes false.'],
    ['Python', 'failed output check', failedOutput, 'Check 1 did not pass: Print Hello, world! Your program printed: "Hello".'],
    ['Python', 'failed other check', failedOther('assert'), 'Check 2 did not pass: Keep the h1'],
    ['Python', 'pass', passed, null],
    ['JS', 'error', error('ReferenceError', 'x is not defined', 3), 'JavaScript stopped at line 3 with ReferenceError: x is not defined. Fix that first, then run again.'],
    ['JS', 'timeout', timeout, 'Your program did not finish. Look for a loop whose condition never becomes false.'],
    ['JS', 'failed output check', failedOutput, 'Check 1 did not pass: Print Hello, world! Your program printed: "Hello".'],
    ['JS', 'failed other check', failedOther('assert'), 'Check 2 did not pass: Keep the h1'],
    ['JS', 'pass', passed, null],
    ['HTML', 'error', error('TypeError', 'document.querySelector(...) is null', 1), 'The browser stopped at line 1 with TypeError: document.querySelector(...) is null. Fix that first, then run again.'],
    ['HTML', 'timeout', timeout, "Your page's script did not finish. Look for a loop whose condition never becomes false."],
    ['HTML', 'failed output check', failedOutput, 'Check 1 did not pass: Print Hello, world!'],
    ['HTML', 'failed other check', failedOther('dom'), 'Check 2 did not pass: Keep the h1'],
    ['HTML', 'pass', passed, null],
    ['SQL', 'error', error('SQLError', 'no such table: pet'), 'The database stopped at your query with SQLError: no such table: pet. Fix that first, then run again.'],
    ['SQL', 'timeout', timeout, 'Your query did not finish. Look for a recursive query that never stops adding rows.'],
    ['SQL', 'failed output check', failedOutput, 'Check 1 did not pass: Print Hello, world! Your program printed: "Hello".'],
    ['SQL', 'failed other check', failedOther('sql-result'), 'Check 2 did not pass: Keep the h1'],
    ['SQL', 'pass', passed, null],
  ])('%s, %s', (language, _case, result, expected) => {
    expect(tutorExplanation(result, 1, language)).toBe(expected);
  });

  it('points to the hints after the third try', () => {
    expect(tutorExplanation(failedOther('assert'), 3, 'Python')).toMatch(/Open the next hint/);
  });

  it('says nothing before a run', () => {
    expect(tutorExplanation(null, 0, 'Python')).toBeNull();
  });
});

describe('describeRunError', () => {
  it.each([
    [{ type: 'NameError', message: "name 'x' is not defined", line: 2 }, "NameError: name 'x' is not defined (line 2)"],
    [{ type: 'SyntaxError', message: "'(' was never closed (main.py, line 1)", line: 1 }, "SyntaxError: '(' was never closed (main.py, line 1)"],
    [{ type: 'SyntaxError', message: 'invalid syntax (line 1)', line: 1 }, 'SyntaxError: invalid syntax (line 1)'],
    [{ type: 'SQLError', message: 'no such table: pet', line: null }, 'SQLError: no such table: pet'],
    [{ type: 'Timeout', message: 'Your program ran for too long and was stopped.', line: null }, 'Your program ran for too long and was stopped.'],
  ])('%j → %s', (runError, expected) => {
    expect(describeRunError(runError)).toBe(expected);
  });
});

describe('visibleChecks', () => {
  it.each<[string, RunFacts, number]>([
    ['an error hides the checks the program never reached', error('NameError', 'x', 1), 0],
    ['a timeout hides them too', { ...timeout, checks: failedOutput.checks }, 0],
    ['a failed check shows every check', failedOther('assert'), 2],
    ['a pass shows every ✓', passed, 1],
  ])('%s', (_case, result, count) => {
    expect(visibleChecks(result)).toHaveLength(count);
  });
});

describe('runVerdict', () => {
  it.each<[string, RunFacts, string]>([
    ['error', error('NameError', 'x', 1), 'Not yet: your program stopped with the error shown under Output. Fix it and run again.'],
    ['timeout', timeout, 'Not yet: your program ran for too long. Change your code and run it again.'],
    ['one failed check names it', failedOutput, 'Not yet: Print Hello, world!'],
    ['several failed checks', run({ checks: [{ index: 0, type: 'assert', passed: false, message: 'A' }, { index: 1, type: 'assert', passed: false, message: 'B' }] }), 'Not yet: A (2 checks failed, listed under Output.)'],
    ['no message', run({ checks: [{ index: 4, type: 'assert', passed: false, message: null }] }), 'Not yet: check 5 did not pass.'],
  ])('%s', (_case, result, expected) => {
    expect(runVerdict(result)).toBe(expected);
  });
});

describe('truthfulCheckResults: hidden-data checks accuse only when the shown data passed', () => {
  const shown: Check = { type: 'sql-result', columns: ['title'], rows: [['River Song']], message: 'Show the Folk songs.' };
  const hidden: Check = { type: 'sql-result', data: 'check', columns: ['title'], rows: [['Wild Thyme']], message: 'Work the result out from the table instead of typing it in.' };
  const rerun: Check = { type: 'rerun', set: { names: ['Bo'] }, output: 'Hi Bo', message: 'Your greetings only work for these names.' };
  const uses: Check = { type: 'uses', construct: 'for', message: 'Use a for loop.' };
  const output: Check = { type: 'output-equals', text: 'Hi Ada', message: 'Greet Ada.' };
  const result = (index: number, passed: boolean, message: string | null, detail: string | null = null) => ({ index, type: 'x', passed, message, detail });

  it('while the shown data fails, the hidden SQL check only says it waits, with no typed-in detail', () => {
    const [, second] = truthfulCheckResults([shown, hidden], [result(0, false, shown.message), result(1, false, hidden.message, 'On other data your query returns different rows. Does it compute the answer from the table, or is a value typed in?')]);
    expect(second?.message).not.toMatch(/typ/i);
    expect(second?.message).toContain('other rows');
    expect(second?.detail).toBeNull();
  });

  it('when the shown data passes and the hidden fails, the accusation stays', () => {
    const [, second] = truthfulCheckResults([shown, hidden], [result(0, true, null), result(1, false, hidden.message, 'detail')]);
    expect(second).toMatchObject({ message: hidden.message, detail: 'detail' });
  });

  it('a rerun waits while the output check fails, but not because a uses check fails', () => {
    expect(truthfulCheckResults([output, rerun], [result(0, false, output.message), result(1, false, rerun.message)])[1]?.message).toMatch(/^Your program is also run with other values/);
    expect(truthfulCheckResults([output, uses, rerun], [result(0, true, null), result(1, false, uses.message), result(2, false, rerun.message)])[2]?.message).toBe(rerun.message);
  });

  it('each passed check names what it checked', () => {
    const checks: Check[] = [
      output,
      { type: 'output-contains', text: 'Total: 6', message: 'x' },
      uses,
      { type: 'uses', construct: 'call', name: 'sum', absent: true, message: 'x' },
      rerun,
      shown,
      hidden,
      { type: 'sql-result', query: 'SELECT * FROM staff', columns: ['name', 'type'], rows: [], message: 'x' },
      { type: 'css', selector: '.card', property: 'padding', value: '16px', message: 'x' },
      { type: 'assert', code: 'assert total == 6', message: 'Keep the total in total. Use sum.', file: 'main.py' },
    ];
    const labels = truthfulCheckResults(checks, checks.map((_, index) => result(index, true, null))).map((checked) => checked.label);
    expect(labels).toEqual([
      'Prints "Hi Ada"',
      'The output contains "Total: 6"',
      'Uses a for loop',
      'Does without sum()',
      'Works with other values too',
      'Returns the right row with title',
      'The same query is right on other rows too',
      "The tables hold the right name, type (checked with the lesson's own query)",
      '.card has padding: 16px',
      'Holds: total == 6',
    ]);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

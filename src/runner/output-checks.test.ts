import type { Check } from '@/domain/content/model';
import { evaluateChecks, normaliseOutput } from './output-checks';

const checks: Check[] = [
  { type: 'output-equals', text: 'Hello, world!', message: 'Print the greeting.' },
  { type: 'output-contains', text: 'world', message: 'Mention the world.' },
  { type: 'assert', code: 'assert x == 1', message: 'Set x to 1.' },
];

describe('normaliseOutput', () => {
  it.each([
    ['a\r\nb\r\n', 'a\nb'],
    ['a   \nb\t\n\n\n', 'a\nb'],
    ['\n\nhi', 'hi'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseOutput(input)).toBe(expected);
  });
});

describe('evaluateChecks', () => {
  it('passes output and assertion checks', () => {
    const results = evaluateChecks(checks, { output: 'Hello, world!\n', error: null, assertionFailures: new Map([[2, null]]) });
    expect(results.map((result) => result.passed)).toEqual([true, true, true]);
    expect(results.every((result) => result.message === null)).toBe(true);
  });

  it('fails with the message of each check', () => {
    const results = evaluateChecks(checks, { output: 'Hello!\n', error: null, assertionFailures: new Map([[2, 'AssertionError']]) });
    expect(results).toEqual([
      { index: 0, type: 'output-equals', passed: false, message: 'Print the greeting.' },
      { index: 1, type: 'output-contains', passed: false, message: 'Mention the world.' },
      { index: 2, type: 'assert', passed: false, message: 'Set x to 1.' },
    ]);
  });

  it('never passes an assertion when the program itself failed', () => {
    const error = { type: 'NameError', message: "name 'y' is not defined", line: 2, file: 'main.py' };
    const results = evaluateChecks(checks, { output: 'Hello, world!', error, assertionFailures: new Map([[2, null]]) });
    expect(results[2]?.passed).toBe(false);
  });

  it('takes DOM and CSS outcomes from the page, failing the ones it has no outcome for', () => {
    const page: Check[] = [
      { type: 'dom', selector: 'h1', message: 'Add a heading.' },
      { type: 'css', selector: 'h1', property: 'color', value: 'red', message: 'Make it red.' },
    ];
    expect(evaluateChecks(page, { output: '', error: null, assertionFailures: new Map() }).map((r) => r.passed)).toEqual([false, false]);
    expect(evaluateChecks(page, { output: '', error: null, assertionFailures: new Map(), pageChecks: new Map([[0, true], [1, false]]) }).map((r) => r.passed)).toEqual([true, false]);
  });
});

describe('output checks say what differs when it is easy to miss', () => {
  const hello: Check[] = [
    { type: 'output-contains', text: 'Hello', message: 'Say Hello.' },
    { type: 'output-equals', text: 'Hello, world!', message: 'Match exactly.' },
  ];
  const judged = (output: string) => evaluateChecks(hello, { output, error: null, assertionFailures: new Map() });

  it('print("hello world") is told the capital letters and punctuation differ, not that nothing was printed', () => {
    const [contains, equals] = judged('hello world\n');
    expect(contains).toMatchObject({ passed: false, detail: 'Your output has "hello" where the lesson expects "Hello": capital letters count, so they must match too.' });
    expect(equals).toMatchObject({ passed: false, detail: 'Your output "hello world" has the right words, but its capital letters, spaces or punctuation differ from "Hello, world!".' });
  });

  it('only the capitals differ', () => {
    expect(judged('HELLO, WORLD!')[1]?.detail).toBe('Your output "HELLO, WORLD!" has the right letters, but its capital letters differ from "Hello, world!".');
  });

  it('no detail for other words, for nothing printed, or for a pass', () => {
    expect(judged('Goodbye').map((check) => check.detail ?? null)).toEqual([null, null]);
    expect(judged('').map((check) => check.detail ?? null)).toEqual([null, null]);
    expect(judged('Hello, world!').map((check) => check.passed)).toEqual([true, true]);
  });
});

import type { PyodideInterface } from 'pyodide';
import { executeInteractivePython, executePython, preparePyodide, type AskLine } from './python-run';
import type { RunRequest } from './run-types';

/**
 * The build area's input(): the harness asks the host for each line, with its prompt, echoes
 * prompt and answer as a terminal shows them, and does not count the wait as the program's time.
 * Node has no JSPI here, so these answers are plain values; the browser's promised answers (the
 * same harness, run as a promising call) are walked through in tests/e2e/build-python-input.spec.ts.
 */

let py: PyodideInterface;
jest.setTimeout(60_000);

beforeAll(async () => {
  const { loadPyodide } = await import('pyodide');
  py = await loadPyodide();
  preparePyodide(py);
});

const request = (content: string, extra: Partial<RunRequest> = {}): RunRequest => ({ lessonType: 'Python', files: [{ name: 'main.py', content }], checks: [], stdin: [], ...extra });

async function interactive(content: string, answers: (string | null)[], extra: Partial<RunRequest> = {}) {
  const prompts: string[] = [];
  const ask: AskLine = (prompt) => {
    prompts.push(prompt);
    return answers.shift() ?? null;
  };
  const outcome = await executeInteractivePython(py, request(content, extra), 'main.py', ask);
  return { prompts, ...outcome };
}

describe('input() in an interactive run', () => {
  it('asks with the prompt, echoes prompt and answer, and carries on with the answer', async () => {
    const run = await interactive('name = input("Your name? ")\nprint("Hi", name)', ['Ada']);
    expect(run.prompts).toEqual(['Your name? ']);
    expect(run.error).toBeNull();
    expect(run.output).toBe('Your name? Ada\nHi Ada\n');
  });

  it('asks again for each input() in the same run, in order, after what was printed before', async () => {
    const run = await interactive('print("Welcome")\nfirst = input("First? ")\nsecond = input()\nprint(first + second)', ['ab', 'cd']);
    expect(run.prompts).toEqual(['First? ', '']);
    expect(run.output).toBe('Welcome\nFirst? ab\ncd\nabcd\n');
  });

  it('turns a prompt that is not text into text, as input() does', async () => {
    const run = await interactive('n = int(input(42))\nprint(n * 2)', ['21']);
    expect(run.prompts).toEqual(['42']);
    expect(run.output).toBe('4221\n42\n');
  });

  it('ends in EOFError when the answer is the end of input', async () => {
    const run = await interactive('input("More? ")', [null]);
    expect(run.error).toMatchObject({ type: 'EOFError', line: 1 });
  });

  it('ignores the request stdin (the learner types instead)', async () => {
    const run = await interactive('print(input())', ['typed'], { stdin: ['given'] });
    // The echo of the typed line, then what the program printed.
    expect(run.output).toBe('typed\ntyped\n');
  });

  it('does not count the wait for an answer as the program’s time', async () => {
    // A 300 ms limit and an answer that takes 600 ms: the loop after it (long enough for the
    // time check to look at the clock) still runs to the end.
    const slowAsk: AskLine = () => {
      const until = Date.now() + 600;
      while (Date.now() < until);
      return 'late';
    };
    const outcome = await executeInteractivePython(py, request('x = input()\nfor i in range(3000):\n    pass\nprint("got", x)', { timeoutMs: 300 }), 'main.py', slowAsk);
    expect(outcome.error).toBeNull();
    expect(outcome.output).toBe('late\ngot late\n');
  });

  it('still stops a runaway loop after the answers', async () => {
    const outcome = await executeInteractivePython(py, request('input()\nwhile True:\n    pass', { timeoutMs: 300 }), 'main.py', () => 'go');
    expect(outcome.error?.type).toBe('Timeout');
  });

  it('puts input() back afterwards: a lesson run still reads its stdin lines', async () => {
    await interactive('input()', ['x']);
    const lesson = executePython(py, request('print(input() + "!")', { stdin: ['given'] }), 'main.py');
    expect(lesson.output).toBe('given!\n');
    const none = executePython(py, request('input()'), 'main.py');
    expect(none.error?.type).toBe('EOFError');
  });

  it('a promised answer where the runtime cannot wait says why, instead of hanging', async () => {
    const outcome = await executeInteractivePython(py, request('input("Name? ")'), 'main.py', () => Promise.resolve('Ada'));
    expect(outcome.error).toMatchObject({ type: 'EOFError', message: expect.stringContaining("can't pause a Python program while you type") });
  });
});

import type { Check } from '@/domain/content/model';
import { createNodeCheckEngine } from './node-check-engine';

const engine = createNodeCheckEngine();

const helloChecks: Check[] = [
  { type: 'output-equals', text: 'Hello, Ada!', message: 'Greet Ada.' },
  { type: 'assert', code: 'assert name == "Ada"', message: 'Keep name set to "Ada".' },
];

describe('node check engine: Python', () => {
  jest.setTimeout(60_000);

  it('passes a correct program', async () => {
    const result = await engine.run({ lessonType: 'Python', files: [{ name: 'main.py', content: 'name = "Ada"\nprint("Hello, " + name + "!")' }], checks: helloChecks });
    expect(result).toMatchObject({ status: 'ran', passed: true, output: 'Hello, Ada!\n', error: null, timedOut: false });
  });

  it('fails with the check messages and keeps runs apart', async () => {
    const result = await engine.run({ lessonType: 'Python', files: [{ name: 'main.py', content: 'print("Hello!")' }], checks: helloChecks });
    expect(result).toMatchObject({ status: 'ran', passed: false, error: null });
    if (result.status !== 'ran') throw new Error('expected a run');
    expect(result.checks.map((check) => check.message)).toEqual(['Greet Ada.', 'Keep name set to "Ada".']);
  });

  it('reports an error with its line', async () => {
    const result = await engine.run({ lessonType: 'Python', files: [{ name: 'main.py', content: 'x = 1\nprint(ticket)' }], checks: helloChecks });
    expect(result).toMatchObject({ status: 'ran', passed: false, error: { type: 'NameError', line: 2, file: 'main.py' } });
  });

  it('stops a runaway loop and says so', async () => {
    const result = await engine.run({ lessonType: 'Python', files: [{ name: 'main.py', content: 'while True:\n    pass' }], checks: helloChecks, timeoutMs: 500 });
    expect(result).toMatchObject({ status: 'ran', passed: false, timedOut: true, error: { type: 'Timeout' } });
  });

  it('feeds input() and imports sibling files', async () => {
    const result = await engine.run({
      lessonType: 'Python',
      files: [
        { name: 'main.py', content: 'from greet import hello\nprint(hello(input()))' },
        { name: 'greet.py', content: 'def hello(n):\n    return "Hello, " + n + "!"' },
      ],
      checks: [{ type: 'output-contains', text: 'Hello, Ada!', message: 'Greet the name you read.' }],
      stdin: ['Ada'],
    });
    expect(result).toMatchObject({ status: 'ran', passed: true });
  });
});

describe('node check engine: JavaScript', () => {
  const checks: Check[] = [
    { type: 'output-equals', text: '6', message: 'Log the total.' },
    { type: 'assert', code: 'assert(total === 6)', message: 'Keep the total in `total`.' },
  ];

  it('passes a correct program and captures console output', async () => {
    const result = await engine.run({ lessonType: 'JS', files: [{ name: 'app.js', content: 'var total = [1, 2, 3].reduce((a, b) => a + b, 0);\nconsole.log(total);' }], checks });
    expect(result).toMatchObject({ status: 'ran', passed: true, output: '6\n' });
  });

  it('reports errors with line numbers and has no Node APIs', async () => {
    const result = await engine.run({ lessonType: 'JS', files: [{ name: 'app.js', content: 'var total = 1;\nrequire("fs");' }], checks });
    expect(result).toMatchObject({ status: 'ran', passed: false, error: { type: 'ReferenceError', line: 2, file: 'app.js' } });
  });

  it('stops a runaway loop', async () => {
    const result = await engine.run({ lessonType: 'JS', files: [{ name: 'app.js', content: 'while (true) {}' }], checks, timeoutMs: 300 });
    expect(result).toMatchObject({ status: 'ran', timedOut: true, error: { type: 'Timeout' } });
  });
});

describe('node check engine: other runtimes', () => {
  it.each(['HTML', 'SQL'] as const)('does not pretend to run %s lessons', async (lessonType) => {
    const result = await engine.run({ lessonType, files: [], checks: [] });
    expect(result.status).toBe('unsupported');
  });
});

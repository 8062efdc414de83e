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

describe('node check engine: SQL', () => {
  const seed = "CREATE TABLE books (title TEXT, year INT); INSERT INTO books VALUES ('Dune', 1965), ('Emma', 1815), ('Ulysses', 1922);";
  const checks: Check[] = [
    { type: 'sql-result', columns: ['title'], rows: [['Dune'], ['Ulysses']], message: 'Show the books from after 1900.' },
    { type: 'output-contains', text: 'Dune', message: 'List Dune.' },
  ];

  it('passes a query with the expected rows in any order', async () => {
    const result = await engine.run({ lessonType: 'SQL', files: [{ name: 'query.sql', content: 'SELECT title FROM books WHERE year > 1900 ORDER BY title DESC;' }], checks, seed });
    expect(result).toMatchObject({ status: 'ran', passed: true, error: null });
    if (result.status === 'ran') expect(result.output).toContain('title');
  });

  it('fails wrong rows, wrong columns and bad SQL with messages', async () => {
    const wrongRows = await engine.run({ lessonType: 'SQL', files: [{ name: 'query.sql', content: 'SELECT title FROM books;' }], checks, seed });
    expect(wrongRows).toMatchObject({ status: 'ran', passed: false });
    const wrongColumns = await engine.run({ lessonType: 'SQL', files: [{ name: 'query.sql', content: 'SELECT title, year FROM books WHERE year > 1900;' }], checks, seed });
    expect(wrongColumns).toMatchObject({ status: 'ran', passed: false });
    const broken = await engine.run({ lessonType: 'SQL', files: [{ name: 'query.sql', content: 'SELEC title FROM books;' }], checks, seed });
    expect(broken).toMatchObject({ status: 'ran', passed: false, error: { type: 'SQLError', message: expect.stringContaining('syntax error') } });
  });

  it('honours ordered results', async () => {
    const ordered: Check[] = [{ type: 'sql-result', columns: ['title'], rows: [['Dune'], ['Ulysses']], ordered: true, message: 'Sort by title.' }];
    const wrongOrder = await engine.run({ lessonType: 'SQL', files: [{ name: 'query.sql', content: 'SELECT title FROM books WHERE year > 1900 ORDER BY title DESC;' }], checks: ordered, seed });
    expect(wrongOrder).toMatchObject({ passed: false });
  });
});

describe('node check engine: HTML and CSS', () => {
  const checks: Check[] = [
    { type: 'dom', selector: 'h1', text: 'Ada', message: 'Add a heading with your name.' },
    { type: 'dom', selector: 'li', count: 3, message: 'List three hobbies.' },
    { type: 'css', selector: 'h1', property: 'color', value: '#ff0000', message: 'Make the heading red.' },
  ];
  const page = (body: string, css: string) => [
    { name: 'index.html', content: `<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body>${body}</body></html>` },
    { name: 'style.css', content: css },
  ];

  it('measures DOM and CSS rules on the page with its linked stylesheet', async () => {
    const result = await engine.run({ lessonType: 'HTML', files: page('<h1>Ada</h1><ul><li>a</li><li>b</li><li>c</li></ul>', 'h1 { color: red; }'), checks });
    expect(result).toMatchObject({ status: 'ran', passed: true });
  });

  it('fails each rule that does not hold, with its message', async () => {
    const result = await engine.run({ lessonType: 'HTML', files: page('<h1>Bob</h1><ul><li>a</li></ul>', 'h1 { color: blue; }'), checks });
    if (result.status !== 'ran') throw new Error('expected a run');
    expect(result.checks.map((check) => check.passed)).toEqual([false, false, false]);
    expect(result.checks.map((check) => check.message)).toEqual(['Add a heading with your name.', 'List three hobbies.', 'Make the heading red.']);
  });

  it('does not run learner scripts on the server', async () => {
    const result = await engine.run({
      lessonType: 'HTML',
      files: [{ name: 'index.html', content: '<h1>Ada</h1><script>document.body.innerHTML = "<p>gone</p>"</script>' }],
      checks: [{ type: 'dom', selector: 'h1', message: 'Keep the heading.' }],
    });
    expect(result).toMatchObject({ status: 'ran', passed: true });
  });
});

describe('node check engine: page scripts (DOM lessons in JavaScript)', () => {
  const files = [
    { name: 'index.html', content: '<!doctype html><html><body><ul id="list"></ul><script src="script.js"></script></body></html>' },
    { name: 'script.js', content: 'for (const item of ["milk", "eggs"]) { const li = document.createElement("li"); li.textContent = item; document.querySelector("#list").append(li); }' },
  ];
  const checks: Check[] = [{ type: 'dom', selector: '#list li', count: 2, message: 'Add one list item per entry.' }];

  it('runs the page script before measuring when content is trusted (content:check)', async () => {
    const result = await createNodeCheckEngine({ runScripts: true }).run({ lessonType: 'HTML', files, checks });
    expect(result).toMatchObject({ status: 'ran', passed: true });
  });

  it('does not run page scripts by default (the server preview endpoint)', async () => {
    const result = await createNodeCheckEngine().run({ lessonType: 'HTML', files, checks });
    expect(result).toMatchObject({ status: 'ran', passed: false });
  });
});

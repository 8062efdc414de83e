import type { Check } from '@/domain/content/model';
import type { LessonType } from '@/domain/lessons/lesson-type';
import type { RunResult } from '../run-types';
import { createNodeCheckEngine } from './node-check-engine';

/**
 * The attacks a learner (or someone gaming the checks) makes on a lesson, each refused by the
 * same engine content:check and the server use: hard-coded output, the construct only in a
 * comment, a replaced `len`/`assert`, a harness tampered with in an earlier run, a hard-coded SQL
 * result. The browser workers share the Python harness (python-run.ts) and the JavaScript
 * analysis (javascript-analysis.ts); the e2e suite runs them there.
 */

const engine = createNodeCheckEngine();
jest.setTimeout(60_000);

const verdicts = (result: RunResult) => (result.status === 'ran' ? result.checks.map((check) => check.passed) : []);
const run = (lessonType: LessonType, name: string, content: string, checks: Check[], extra: { seed?: string; checkSeed?: string; stdin?: string[] } = {}) =>
  engine.run({ lessonType, files: [{ name, content }], checks, ...extra });

const sumChecks = (language: 'python' | 'javascript'): Check[] => [
  { type: 'uses', construct: 'for', message: 'Add them up with a for loop.' },
  { type: 'rerun', set: { prices: [1, 2, 3.5] }, output: '6.5', message: 'Work the total out from the prices.' },
  { type: 'uses', construct: 'call', name: 'sum', absent: true, message: `Add them up yourself, without ${language === 'python' ? 'sum()' : 'reduce()'}.` },
];

describe('Python: behaviour and constructs, not text', () => {
  const py = (content: string, checks = sumChecks('python'), extra = {}) => run('Python', 'main.py', content, checks, extra);
  const honest = 'prices = [12, 20, 4]\ntotal = 0\nfor price in prices:\n    total += price\nprint(total)';

  it.each([
    ['the honest loop', honest, [true, true, true]],
    ['a while loop (no for)', 'prices = [12, 20, 4]\ntotal = 0\ni = 0\nwhile i < len(prices):\n    total += prices[i]\n    i += 1\nprint(total)', [false, true, true]],
    ['the output hard-coded, the loop in a comment', 'prices = [12, 20, 4]\n# for price in prices:\nprint(36)', [false, false, true]],
    ['the loop in a string', 'prices = [12, 20, 4]\nnote = "for price in prices:"\nprint(36)', [false, false, true]],
    ['sum() and a decoy loop that never runs', 'prices = [12, 20, 4]\nfor _ in []:\n    pass\nprint(sum(prices))', [false, true, false]],
    ['sum() under another name, beside a loop', 'prices = [12, 20, 4]\nadd = sum\nfor price in prices:\n    pass\nprint(add(prices))', [true, true, false]],
    ['no prices variable to vary', 'total = 0\nfor price in [12, 20, 4]:\n    total += price\nprint(total)', [true, false, true]],
  ])('%s', async (_label, content, expected) => {
    expect(verdicts(await py(content))).toEqual(expected);
  });

  it('reruns a program that reads input with other lines', async () => {
    const checks: Check[] = [{ type: 'rerun', input: ['Grace'], output: 'Hello, Grace!', message: 'Greet whoever types their name.' }];
    expect(verdicts(await py('name = input()\nprint(f"Hello, {name}!")', checks, { stdin: ['Ada'] }))).toEqual([true]);
    expect(verdicts(await py('input()\nprint("Hello, Ada!")', checks, { stdin: ['Ada'] }))).toEqual([false]);
  });

  it('checks with the real builtins when the program replaces len, print or builtins themselves', async () => {
    const checks: Check[] = [{ type: 'assert', code: 'assert len(names) == 3', message: 'Three names.' }];
    expect(verdicts(await py('names = ["a"]\nlen = lambda value: 3', checks))).toEqual([false]);
    expect(verdicts(await py('import builtins\nnames = ["a"]\nbuiltins.len = lambda value: 3', checks))).toEqual([false]);
    expect(verdicts(await py('names = ["a", "b", "c"]\nprint = None', checks))).toEqual([true]);
  });

  it('cannot reach the harness, and tampering in one run changes nothing in the next', async () => {
    const tamper = [
      'import sys, time, ast, builtins, __main__',
      'assert "__codetrail" not in vars(__main__) and "__codetrail_run" not in vars(__main__)',
      'time.monotonic = lambda: 0',
      'ast.walk = lambda tree: []',
      'builtins.isinstance = lambda *args: True',
      'sys.settrace = lambda tracer: None',
      'print("done")',
    ].join('\n');
    const tampered = await py(tamper, [{ type: 'output-equals', text: 'done', message: 'Print done.' }]);
    expect(tampered).toMatchObject({ status: 'ran', passed: true, error: null });
    // The next learner's run is judged, and stopped, exactly as before.
    expect(verdicts(await py(honest))).toEqual([true, true, true]);
    expect(verdicts(await py('prices = [12, 20, 4]\n# for\nprint(36)'))).toEqual([false, false, true]);
    expect(await py('while True:\n    pass', [])).toMatchObject({ timedOut: true });
  });
});

describe('Python: patched modules change no verdict and never reach the next run', () => {
  const py = (content: string, checks: Check[]) => run('Python', 'main.py', content, checks);
  const pickChecks: Check[] = [
    {
      type: 'assert',
      code: 'import random\nrandom.seed(3)\nfirst = pick_secret()\nrandom.seed(3)\nassert first == random.randint(1, 10)',
      message: 'pick_secret should return random.randint(1, 10).',
    },
  ];

  it('a patched random.randint does not pass the check, and is gone in the next run', async () => {
    const patched = 'import random\nrandom.randint = lambda low, high: 7\n\ndef pick_secret():\n    return 7\n\nprint(pick_secret())';
    expect(verdicts(await py(patched, pickChecks))).toEqual([false]);
    const next = await py('import random\nprint(sorted({random.randint(1, 1000) for _ in range(20)}) != [7])', [{ type: 'output-equals', text: 'True', message: 'x' }]);
    expect(next).toMatchObject({ status: 'ran', passed: true });
  });

  it('a class patched, a module added or a module attribute deleted in one run is back in the next', async () => {
    await py('import random, json, collections, sys\nrandom.Random.randint = lambda self, a, b: 4\ndel json.dumps\ncollections.extra = 1\nsys.path.append("/tmp")\nimport statistics\nstatistics.mean = len', []);
    const next = await py(
      'import random, json, collections, sys, statistics\nprint(random.Random(1).randint(1, 1000) != 4, hasattr(json, "dumps"), hasattr(collections, "extra"), "/tmp" in sys.path, statistics.mean([2, 4]))',
      [{ type: 'output-equals', text: 'True True False False 3', message: 'x' }],
    );
    expect(next).toMatchObject({ status: 'ran', passed: true });
  });

  it('the learner cannot switch off the watching that uses checks rely on', async () => {
    const checks: Check[] = [{ type: 'uses', construct: 'call', name: 'sum', absent: true, message: 'Without sum().' }];
    const result = await py('import sys\nsys.monitoring.set_events(sys.monitoring.COVERAGE_ID, 0)\nadd = sum\nprint(add([1, 2]))', checks);
    expect(result).toMatchObject({ status: 'ran', passed: false, error: { message: 'sys.monitoring is not available in lessons' } });
  });
});

describe('uses: the construct must run and do its work', () => {
  const verdictsAndDetail = (result: RunResult) => (result.status === 'ran' ? result.checks.map((check) => [check.passed, check.detail ?? null]) : []);
  it.each([
    ['Python', 'main.py', 'try', undefined, 'try:\n    pass\nexcept ValueError:\n    pass\nprint(int("3"))', 'try:\n    print(int("3"))\nexcept ValueError:\n    print("no")'],
    ['Python', 'main.py', 'function', 'double', 'def double(n):\n    return n * 2\n\nprint(6)', 'def double(n):\n    return n * 2\n\nprint(double(3))'],
    ['Python', 'main.py', 'for', undefined, 'for price in []: print(price)\nprint(36)', 'for price in [36]: print(price)'],
    ['Python', 'main.py', 'branch', undefined, 'def never():\n    return "a" if True else "b"\nprint("a")', 'x = 3\nprint("a" if x > 2 else "b")'],
    ['JS', 'main.js', 'call', 'map', 'const doubled = [];\n[].map((x) => x);\nfor (const n of [1, 2]) doubled.push(n * 2);\nconsole.log(doubled);', 'console.log([1, 2].map((x) => x * 2));'],
    ['JS', 'main.js', 'for', undefined, 'for (const n of []) console.log(n);\nconsole.log(3);', 'for (const n of [3]) console.log(n);'],
    ['JS', 'main.js', 'try', undefined, 'try {} catch (e) {}\nconsole.log(3);', 'try { console.log(JSON.parse("3")); } catch (e) {}'],
    ['JS', 'main.js', 'function', 'double', 'function double(n) { return n * 2; }\nconsole.log(6);', 'const double = (n) => n * 2;\nconsole.log(double(3));'],
    ['JS', 'main.js', 'if', undefined, 'function never(x) { if (x) return 1; }\nconsole.log(1);', 'const x = 1;\nif (x > 0) console.log(1);'],
  ] as const)('%s %s: dead code is refused, code that runs passes', async (lessonType, name, construct, functionName, dead, live) => {
    const checks: Check[] = [{ type: 'uses', construct, ...(functionName ? { name: functionName } : {}), message: 'Use it.' }];
    const refused = verdictsAndDetail(await run(lessonType, name, dead, checks));
    expect(refused[0]?.[0]).toBe(false);
    expect(refused[0]?.[1]).toMatch(/never does its work/);
    expect(verdictsAndDetail(await run(lessonType, name, live, checks))).toEqual([[true, null]]);
  });

  it.each([
    ['Python', 'main.py', 'sum', 'add = sum\ntotal = add([1, 2])\nprint(total)', 'total = 0\nfor n in [1, 2]:\n    total += n\nprint(total)'],
    ['Python', 'main.py', 'sum', 'import builtins\nprint(getattr(builtins, "su" + "m")([1, 2]))', 'print(1 + 2)'],
    ['JS', 'main.js', 'reduce', 'const add = "reduce";\nconsole.log([1, 2][add]((a, b) => a + b, 0));', 'let total = 0;\nfor (const n of [1, 2]) total += n;\nconsole.log(total);'],
    ['JS', 'main.js', 'reduce', 'const { reduce } = Array.prototype;\nconsole.log(reduce.call([1, 2], (a, b) => a + b, 0));', 'console.log(1 + 2);'],
  ] as const)('%s: "without %s()" also refuses it called under another name', async (lessonType, name, functionName, aliased, honest) => {
    const checks: Check[] = [{ type: 'uses', construct: 'call', name: functionName, absent: true, message: 'Do it yourself.' }];
    const refused = verdictsAndDetail(await run(lessonType, name, aliased, checks));
    expect(refused[0]).toEqual([false, `Your program still calls ${functionName}() under another name.`]);
    expect(verdictsAndDetail(await run(lessonType, name, honest, checks))).toEqual([[true, null]]);
  });
});

describe('JavaScript: behaviour and constructs, not text', () => {
  const js = (content: string, checks = sumChecks('javascript')) => run('JS', 'main.js', content, checks);
  const honest = 'const prices = [12, 20, 4];\nlet total = 0;\nfor (const price of prices) {\n  total += price;\n}\nconsole.log(total);';

  it.each([
    ['the honest loop', honest, [true, true, true]],
    ['the output hard-coded, the loop in a comment', 'const prices = [12, 20, 4];\n// for (const price of prices)\nconsole.log(36);', [false, false, true]],
    ['the loop in a template literal', 'const prices = [12, 20, 4];\nconst note = `for (;;) {}`;\nconsole.log(36);', [false, false, true]],
    ['a let declared later than used elsewhere', 'let prices = [12, 20, 4];\nlet total = 0;\nfor (let i = 0; i < prices.length; i++) total += prices[i];\nconsole.log(total);', [true, true, true]],
  ])('%s', async (_label, content, expected) => {
    expect(verdicts(await js(content))).toEqual(expected);
  });

  it('keeps the checks’ assert out of the program’s reach', async () => {
    const checks: Check[] = [{ type: 'assert', code: 'assert(names.length === 3, "three names")', message: 'Three names.' }];
    for (const attack of ['assert = () => {};', 'globalThis.assert = () => {};', 'Object.freeze(globalThis);']) {
      expect(verdicts(await js(`const names = ["a"];\n${attack}`, checks))).toEqual([false]);
    }
    expect(verdicts(await js('const names = ["a", "b", "c"];\nassert = () => { throw new Error("no"); };', checks))).toEqual([true]);
  });
});

describe('SQL: the same query on data the learner never sees', () => {
  const seed = 'CREATE TABLE books (id INTEGER, title TEXT, year INTEGER);\nINSERT INTO books VALUES (1, "Dune", 1965), (2, "Emma", 1815), (3, "Ulysses", 1922);';
  const checkSeed = 'CREATE TABLE books (id INTEGER, title TEXT, year INTEGER);\nINSERT INTO books VALUES (1, "Beloved", 1987), (2, "Walden", 1854);';
  const checks: Check[] = [
    { type: 'sql-result', columns: ['title', 'year'], rows: [['Dune', 1965], ['Ulysses', 1922]], message: 'List the books from after 1900.' },
    { type: 'sql-result', data: 'check', columns: ['title', 'year'], rows: [['Beloved', 1987]], message: 'List the books from after 1900.' },
  ];
  const sql = (query: string) => run('SQL', 'query.sql', query, checks, { seed, checkSeed });
  const details = (result: RunResult) => (result.status === 'ran' ? result.checks.map((check) => check.detail ?? null) : []);

  it('passes the real query, in any row order and any column order', async () => {
    expect(verdicts(await sql('SELECT title, year FROM books WHERE year > 1900;'))).toEqual([true, true]);
    expect(verdicts(await sql('SELECT year, title FROM books WHERE year > 1900 ORDER BY year DESC;'))).toEqual([true, true]);
  });

  it('refuses a hard-coded result on the other data, without showing that data', async () => {
    const result = await sql("SELECT 'Dune' AS title, 1965 AS year UNION ALL SELECT 'Ulysses', 1922;");
    expect(verdicts(result)).toEqual([true, false]);
    expect(details(result)[1]).toBe('On other data your query returns 2 rows instead of 1. Does it compute the answer from the table, or is a value typed in?');
    expect(details(result)[1]).not.toMatch(/Beloved|Walden/);
  });

  it('says what differs on the lesson data', async () => {
    const result = await sql('SELECT title FROM books WHERE year > 1900;');
    expect(details(result)[0]).toBe('Your result is missing the column `year`.');
  });

  it('a wrong query on the shown data is not also accused of typing the answer in', async () => {
    const result = await sql('SELECT title, year FROM books WHERE year > 1800;');
    expect(verdicts(result)).toEqual([false, false]);
    if (result.status !== 'ran') throw new Error('expected a run');
    expect(result.checks[0]?.detail).toContain('Your query returned 3 rows');
    expect(result.checks[1]?.message).not.toMatch(/typ|after 1900/i);
    expect(`${result.checks[1]?.message} ${result.checks[1]?.detail ?? ''}`).not.toMatch(/typed in/);
  });

  it('a passed check names what it checked', async () => {
    const result = await sql('SELECT title, year FROM books WHERE year > 1900;');
    if (result.status !== 'ran') throw new Error('expected a run');
    expect(result.checks.map((check) => check.label)).toEqual(['Returns the right 2 rows with title, year', 'The same query is right on other rows too']);
  });
});

describe('SQL: a lesson that creates a table checks the table, not the last SELECT', () => {
  const shown = "SELECT name, upper(type) AS type FROM pragma_table_info('staff');";
  const checks: Check[] = [
    {
      type: 'sql-result',
      query: shown,
      columns: ['name', 'type'],
      rows: [['name', 'TEXT'], ['role', 'TEXT'], ['hours', 'INTEGER']],
      message: 'Create the staff table with name, role and hours.',
    },
  ];
  const sql = (statements: string) => run('SQL', 'query.sql', statements, checks, {});

  it('passes the table, however the learner writes it, and whatever their last line shows', async () => {
    expect(verdicts(await sql(`CREATE TABLE staff (name TEXT, role TEXT, hours INTEGER);\n${shown}`))).toEqual([true]);
    expect(verdicts(await sql('create table staff (\n  name text,\n  role text,\n  hours integer\n);'))).toEqual([true]);
  });

  it.each([
    ['the expected rows typed in instead of the table', "SELECT 'name' AS name, 'TEXT' AS type UNION ALL SELECT 'role', 'TEXT' UNION ALL SELECT 'hours', 'INTEGER';"],
    ['a table with a column missing', `CREATE TABLE staff (name TEXT, role TEXT);\n${shown}`],
    ['the table dropped again after showing it', `CREATE TABLE staff (name TEXT, role TEXT, hours INTEGER);\n${shown}\nDROP TABLE staff;`],
  ])('refuses %s', async (_label, statements) => {
    expect(verdicts(await sql(statements))).toEqual([false]);
  });
});

describe('rerun and uses: seeds, partial output, any loop or branch', () => {
  it.each([
    ['Python', 'main.py', 'import random\nroll = random.randint(1, 6)\nprint(f"You rolled {roll}")', 'print("You rolled 4")'],
    ['JS', 'main.js', 'const roll = Math.floor(Math.random() * 6) + 1;\nconsole.log(`You rolled ${roll}`);', 'console.log("You rolled 4");'],
  ] as const)('%s: a seeded rerun prints the same roll every time; a fixed roll fails', async (lessonType, name, honest, fixed) => {
    const first = await run(lessonType, name, honest, []);
    const rolled = first.status === 'ran' ? first.output.trim() : '';
    const seededTwice: Check[] = [1, 2].map(() => ({ type: 'rerun' as const, seed: 7, contains: 'You rolled', message: 'Roll the die.' }));
    expect(verdicts(await run(lessonType, name, honest, seededTwice))).toEqual([true, true]);
    // The seeded roll is the same run after run, so a lesson can name it.
    const seeded = await run(lessonType, name, honest, [{ type: 'rerun', seed: 7, output: 'never this', message: 'x' }]);
    const seededRoll = seeded.status === 'ran' ? seeded.checks[0] : null;
    expect(seededRoll?.passed).toBe(false);
    const rolls = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      for (const roll of ['1', '2', '3', '4', '5', '6']) {
        const result = await run(lessonType, name, honest, [{ type: 'rerun', seed, output: `You rolled ${roll}`, message: 'x' }]);
        if (verdicts(result)[0]) rolls.add(`${seed}:${roll}`);
      }
    }
    expect(rolls.size).toBe(8);
    expect(new Set([...rolls].map((entry) => entry.split(':')[1])).size).toBeGreaterThan(1);
    const [seed, roll] = [...rolls][0]!.split(':');
    const named: Check[] = [{ type: 'rerun', seed: Number(seed), output: `You rolled ${roll}`, message: 'Roll the die.' }];
    expect(verdicts(await run(lessonType, name, honest, named))).toEqual([true]);
    expect(verdicts(await run(lessonType, name, fixed, named))[0]).toBe(roll === '4');
    expect(rolled).toMatch(/^You rolled [1-6]$/);
  });

  it.each([
    ['Python', 'main.py', 'n = 0\nwhile n < 3:\n    n += 1\nprint("big" if n > 2 else "small")'],
    ['JS', 'main.js', 'let n = 0;\nwhile (n < 3) n += 1;\nconsole.log(n > 2 ? "big" : "small");'],
  ] as const)('%s: loop and branch accept any loop and any branch', async (lessonType, name, code) => {
    const checks: Check[] = [
      { type: 'uses', construct: 'loop', message: 'Use a loop.' },
      { type: 'uses', construct: 'branch', message: 'Decide.' },
      { type: 'uses', construct: 'for', message: 'A for loop.' },
    ];
    expect(verdicts(await run(lessonType, name, code, checks))).toEqual([true, true, false]);
  });
});

describe('random lessons: any honest way of drawing passes, a fixed number fails', () => {
  const game = (pick: string) => `import random\n\n\ndef pick_secret():\n    return ${pick}\n\n\nsecret = pick_secret()\nprint(f"Secret {secret}")`;
  const checks: Check[] = [
    {
      type: 'assert',
      code: 'import random\nrandom.seed(0)\npicks = [pick_secret() for _ in range(300)]\nassert all(isinstance(p, int) and 1 <= p <= 10 for p in picks) and all(12 <= picks.count(n) <= 55 for n in range(1, 11))',
      message: 'Every number from 1 to 10, about as often.',
    },
    { type: 'rerun', seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], distinct: 4, contains: 'Secret ', message: 'The secret changes from game to game.' },
  ];

  it.each([['random.randint(1, 10)'], ['int(random.random() * 10) + 1'], ['random.choice(range(1, 11))'], ['random.choices(range(1, 11), k=1)[0]'], ['random.randrange(10) + 1']])('%s passes', async (pick) => {
    expect(verdicts(await run('Python', 'main.py', game(pick), checks))).toEqual([true, true]);
  });

  it.each([
    ['a fixed number', '4', [false, false]],
    ['0 to 10', 'random.randint(0, 10)', [false, true]],
  ] as const)('%s fails', async (_label, pick, expected) => {
    expect(verdicts(await run('Python', 'main.py', game(pick), checks))).toEqual(expected);
  });

  it('the same in JavaScript: Math.ceil, Math.floor or Math.trunc all roll a die', async () => {
    const roll: Check[] = [{ type: 'rerun', seeds: [1, 2, 3, 4, 5, 6, 7, 8], distinct: 3, contains: 'You rolled', message: 'Roll.' }];
    for (const draw of ['Math.floor(Math.random() * 6) + 1', 'Math.ceil(Math.random() * 6) || 1', 'Math.trunc(Math.random() * 6) + 1']) {
      expect(verdicts(await run('JS', 'main.js', `const roll = ${draw};\nconsole.log("You rolled " + roll);`, roll))).toEqual([true]);
    }
    expect(verdicts(await run('JS', 'main.js', 'const roll = 4;\nconsole.log("You rolled " + roll);', roll))).toEqual([false]);
  });
});

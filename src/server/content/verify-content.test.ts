import type { CompiledContent, Lesson } from '@/domain/content/model';
import { createNodeCheckEngine } from '@/runner/node/node-check-engine';
import type { CheckEngine } from '@/runner/run-types';
import { outputClaims, verifyCodeLessons, verifyExplanationOutputs } from './verify-content';

jest.setTimeout(60_000);

function codeLesson(id: string, starter: string, solution: string): Lesson {
  return {
    id,
    title: id,
    explanation: 'x',
    hints: ['h'],
    codeLanguage: 'python',
    interaction: { kind: 'code' },
    source: `content/${id}.md`,
    executableContent: {
      files: [{ name: 'main.py', content: starter, editable: true }],
      solution: [{ name: 'main.py', content: solution }],
      checks: [{ type: 'output-equals', text: '42', message: 'Print the answer.' }],
      seed: null,
    },
  };
}

function contentOf(lessons: Lesson[]): CompiledContent {
  return {
    tracks: [{ id: 't', title: 'T', description: 'T', sections: [{ title: 'S', tutorialIds: ['u'] }], tutorials: [{ id: 'u', title: 'U', description: 'U', kind: 'course', chapters: [{ id: 'c', title: 'C', lessons }] }] }],
  };
}

describe('verifyCodeLessons', () => {
  const engine = createNodeCheckEngine();

  it('verifies a lesson whose solution passes and whose starter fails', async () => {
    const report = await verifyCodeLessons(contentOf([codeLesson('good', '# print the answer', 'print(42)')]), engine);
    expect(report.errors).toEqual([]);
    expect([...report.verified]).toEqual(['good']);
  });

  it('reports a failing solution and a starter that already passes, with the file', async () => {
    const report = await verifyCodeLessons(
      contentOf([codeLesson('broken', '# todo', 'print(41)'), codeLesson('too-easy', 'print(42)', 'print(42)'), codeLesson('crash', '', 'print(answer)')]),
      engine,
    );
    expect(report.errors).toEqual([
      { file: 'content/broken.md', line: 1, message: 'the solution does not pass: check 1 (output-equals) fails: Print the answer.' },
      { file: 'content/too-easy.md', line: 1, message: 'the starter code already passes every check: give the learner something to do' },
      { file: 'content/crash.md', line: 1, message: "the solution does not pass: NameError: name 'answer' is not defined (line 1)" },
    ]);
    expect(report.verified.size).toBe(0);
  });
});

describe('verifyCodeLessons: the robustness stage', () => {
  const engine = createNodeCheckEngine();
  const withVariants = (wrong: [string, string][], alternatives: [string, string][]): Lesson => {
    const base = codeLesson('robust', '# print the answer', 'print(6 * 7)');
    const variants = (list: [string, string][]) => list.map(([label, code]) => ({ label, files: [{ name: 'main.py', content: code }] }));
    return { ...base, executableContent: { ...base.executableContent!, wrong: variants(wrong), alternatives: variants(alternatives) } };
  };

  it('counts wrong answers refused and alternatives accepted per track', async () => {
    const report = await verifyCodeLessons(contentOf([withVariants([['off by one', 'print(6 * 7 + 1)'], ['nothing printed', 'x = 42']], [['a variable', 'answer = 42\nprint(answer)']])]), engine);
    expect(report.errors).toEqual([]);
    expect([...report.verified]).toEqual(['robust']);
    expect(report.robustness.get('t')).toEqual({ wrong: 2, wrongRefused: 2, alternatives: 1, alternativesAccepted: 1, lessonsWithoutWrong: [], lessonsWithoutAlternative: [] });
  });

  it('reports a wrong answer that passes and an alternative that is refused, by label', async () => {
    const report = await verifyCodeLessons(contentOf([withVariants([['hard-coded', 'print(42)']], [['a typo', 'print(6 * 7, "!")']])]), engine);
    expect(report.errors).toEqual([
      { file: 'content/robust.md', line: 1, message: 'the wrong answer "hard-coded" passes every check: add a check that refuses it' },
      { file: 'content/robust.md', line: 1, message: 'the alternative answer "a typo" is refused: check 1 (output-equals) fails: Print the answer.' },
    ]);
    expect(report.verified.size).toBe(0);
    expect(report.robustness.get('t')).toMatchObject({ wrong: 1, wrongRefused: 0, alternatives: 1, alternativesAccepted: 0 });
  });

  it('lists the code lessons that name no wrong answer or no alternative', async () => {
    const report = await verifyCodeLessons(contentOf([codeLesson('plain', '# print the answer', 'print(42)'), withVariants([['off by one', 'print(43)']], [])]), engine);
    expect(report.robustness.get('t')).toMatchObject({ lessonsWithoutWrong: ['plain'], lessonsWithoutAlternative: ['plain', 'robust'] });
    expect(report.errors).toEqual([]);
  });

  it('makes both required when asked (content:check asks)', async () => {
    const report = await verifyCodeLessons(contentOf([codeLesson('plain', '# print the answer', 'print(42)'), withVariants([['off by one', 'print(43)']], [])]), engine, { requireRobustness: true });
    expect(report.errors.map((error) => `${error.file}: ${error.message}`)).toEqual([
      'content/plain.md: list at least a wrong answer that must fail (# --wrong--) and a correct alternative that must pass (# --alternatives--)',
      'content/robust.md: list at least a correct alternative that must pass (# --alternatives--)',
      'content/plain.md: no correct alternative passes a lesson with a check of kind "output-equals" (track t, used in 2 lessons): add one (# --alternatives--)',
    ]);
  });
});

describe('verifyCodeLessons: the corpus rule (every check kind of a track refuses a cheat and accepts a variant)', () => {
  const engine = createNodeCheckEngine();
  const loopChecks: Lesson['executableContent'] = {
    files: [{ name: 'main.py', content: '# add up the prices with a for loop', editable: true }],
    solution: [{ name: 'main.py', content: 'prices = [1, 2, 3]\ntotal = 0\nfor price in prices:\n    total += price\nprint(total)' }],
    checks: [
      { type: 'output-equals', text: '6', message: 'Print the total.' },
      { type: 'uses', construct: 'for', message: 'Add them up with a for loop.' },
    ],
    seed: null,
  };
  const lesson = (wrong: [string, string][], alternatives: [string, string][]): Lesson => ({
    ...codeLesson('loop', '', ''),
    executableContent: {
      ...loopChecks,
      wrong: wrong.map(([label, content]) => ({ label, files: [{ name: 'main.py', content }] })),
      alternatives: alternatives.map(([label, content]) => ({ label, files: [{ name: 'main.py', content }] })),
    },
  });
  const whileLoop: [string, string] = ['a while loop', 'prices = [1, 2, 3]\ntotal = 0\ni = 0\nwhile i < 3:\n    total += prices[i]\n    i += 1\nprint(total)'];
  const comprehensionAlt: [string, string] = ['a loop over the indexes', 'prices = [1, 2, 3]\ntotal = 0\nfor i in range(len(prices)):\n    total += prices[i]\nprint(total)'];
  const messages = (report: Awaited<ReturnType<typeof verifyCodeLessons>>) => report.errors.map((error) => `${error.file}:${error.line}: ${error.message}`);

  it('reports a kind no wrong answer fails on: here every cheat fails only on the output', async () => {
    const report = await verifyCodeLessons(contentOf([lesson([['off by one', 'prices = [1, 2, 3]\nfor p in prices:\n    pass\nprint(7)']], [comprehensionAlt])]), engine, { requireRobustness: true });
    expect(messages(report)).toEqual(['content/loop.md:1: no wrong answer fails on a check of kind "uses" (track t, used in 1 lesson): add one (# --wrong--) that such a check refuses']);
    expect(report.corpus.get('t')?.get('output-equals')).toMatchObject({ refusedBy: 1, acceptedBy: 1 });
  });

  it('a wrong answer that only crashes exercises no check', async () => {
    const report = await verifyCodeLessons(contentOf([lesson([['crashes', 'print(total)'], whileLoop], [comprehensionAlt])]), engine, { requireRobustness: true });
    expect(report.corpus.get('t')?.get('output-equals')).toMatchObject({ refusedBy: 0 });
    expect(messages(report)).toEqual(['content/loop.md:1: no wrong answer fails on a check of kind "output-equals" (track t, used in 1 lesson): add one (# --wrong--) that such a check refuses']);
  });

  it('is satisfied when a cheat fails on each kind and an alternative passes', async () => {
    const report = await verifyCodeLessons(contentOf([lesson([whileLoop, ['off by one', 'prices = [1, 2, 3]\nfor p in prices:\n    pass\nprint(7)']], [comprehensionAlt])]), engine, { requireRobustness: true });
    expect(report.errors).toEqual([]);
    expect([...(report.corpus.get('t')?.keys() ?? [])]).toEqual(['output-equals', 'uses']);
  });
});

describe('verifyCodeLessons: several lessons at once', () => {
  it('reports in the content\'s order, not the order the runs finished in, and never runs more than asked', async () => {
    const real = createNodeCheckEngine();
    let underWay = 0;
    let most = 0;
    // The first lessons answer slowest, so they finish last.
    const slow: CheckEngine = {
      async run(request) {
        underWay += 1;
        most = Math.max(most, underWay);
        const code = request.files[0]?.content ?? '';
        await new Promise((resolve) => setTimeout(resolve, code.includes('41') ? 60 : code.includes('todo') ? 30 : 1));
        underWay -= 1;
        return real.run(request);
      },
    };
    const lessons = [codeLesson('broken', '# todo', 'print(41)'), codeLesson('good', '# print the answer', 'print(42)'), codeLesson('too-easy', 'print(42)', 'print(42)'), codeLesson('also-good', '# print it', 'print(42)')];
    const sequential = await verifyCodeLessons(contentOf(lessons), real);
    const parallel = await verifyCodeLessons(contentOf(lessons), slow, { concurrency: 3 });
    expect(parallel.errors).toEqual(sequential.errors);
    expect(parallel.errors.map((error) => error.file)).toEqual(['content/broken.md', 'content/too-easy.md']);
    expect([...parallel.verified]).toEqual(['good', 'also-good']);
    expect(parallel.robustness.get('t')).toEqual(sequential.robustness.get('t'));
    expect(most).toBe(3);
  });
});

describe('explanation examples that claim an output', () => {
  const fence = '```';
  const engine = createNodeCheckEngine();
  const explained = (id: string, explanation: string): Lesson => ({ ...codeLesson(id, '# print the answer', 'print(42)'), explanation });

  it('finds a python or javascript block followed directly by an output block', () => {
    const markdown = [
      `${fence}python\nprint(2 + 3)\n${fence}`,
      `${fence}output\n5\n${fence}`,
      'Text between breaks the pair:',
      `${fence}js\nconsole.log("a")\n${fence}`,
      'so this one claims nothing.',
      `${fence}output\na\n${fence}`,
      `${fence}javascript\nconsole.log([1, 2])\n${fence}\n\n${fence}output\n[ 1, 2 ]\n${fence}`,
    ].join('\n');
    expect(outputClaims(markdown)).toEqual([
      { language: 'python', code: 'print(2 + 3)', output: '5' },
      { language: 'javascript', code: 'console.log([1, 2])', output: '[ 1, 2 ]' },
    ]);
  });

  it('runs each claim and reports the ones whose output differs or that fail', async () => {
    const content = contentOf([
      explained('true-claim', `${fence}python\nprint("hi " * 2)\n${fence}\n${fence}output\nhi hi\n${fence}`),
      explained('false-claim', `${fence}python\nprint(7 // 2)\n${fence}\n${fence}output\n3.5\n${fence}`),
      explained('crashing-claim', `${fence}javascript\nconsole.log(missing)\n${fence}\n${fence}output\n1\n${fence}`),
    ]);
    const report = await verifyExplanationOutputs(content, engine);
    expect(report.claims).toBe(3);
    expect(report.errors).toEqual([
      { file: 'content/false-claim.md', line: 1, message: 'an explanation example claims the output "3.5" but prints "3"' },
      { file: 'content/crashing-claim.md', line: 1, message: expect.stringContaining('an explanation example fails: ReferenceError') },
    ]);
  });
});

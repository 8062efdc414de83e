import { parseLesson } from './parse-lesson';

const fence = '```';
const lesson = (front: string, body: string) => `---\n${front}\n---\n\n${body}`;
const common = `# --explanation--\nPrint shows text. Now print hello.\n\n# --hints--\n- Use print.\n- Put the words in quotes.\n`;

const codeLesson = lesson(
  'id: py-hello\ntitle: Say hello\ninteraction: code',
  `${common}
# --files--
## main.py
${fence}python
# print hello here
${fence}
## notes.txt (read-only)
${fence}
keep me
${fence}

# --solution--
## main.py
${fence}python
print("hello")
${fence}

# --checks--
${fence}yaml
- type: output-equals
  text: hello
  message: Print the word hello, in lower case.
- type: assert
  file: main.py
  code: assert True
  message: Keep your code in main.py.
${fence}
`,
);

describe('parseLesson', () => {
  it('reads a code lesson: files, read-only flags, solution, checks and language', () => {
    const { lesson: parsed, errors } = parseLesson(codeLesson, 'l.md');
    expect(errors).toEqual([]);
    expect(parsed).toMatchObject({
      id: 'py-hello',
      title: 'Say hello',
      explanation: 'Print shows text. Now print hello.',
      hints: ['Use print.', 'Put the words in quotes.'],
      codeLanguage: 'python',
      interaction: { kind: 'code' },
      executableContent: {
        files: [
          { name: 'main.py', content: '# print hello here', editable: true },
          { name: 'notes.txt', content: 'keep me', editable: false },
        ],
        solution: [{ name: 'main.py', content: 'print("hello")' }],
        checks: [
          { type: 'output-equals', text: 'hello', message: 'Print the word hello, in lower case.' },
          { type: 'assert', file: 'main.py', code: 'assert True', message: 'Keep your code in main.py.' },
        ],
        seed: null,
      },
    });
  });

  it('reads a multiple-choice lesson', () => {
    const text = lesson(
      'id: py-mc\ntitle: Quiz\ninteraction: multiple-choice',
      `${common}\n# --question--\nWhat does \`print("hi")\` show?\n\n# --choices--\n- [ ] print("hi")\n  Why: the quotes mark the text;\n  print shows the text without them.\n- [x] hi\n- [ ] nothing\n  Why: print shows its text.\n`,
    );
    const { lesson: parsed, errors } = parseLesson(text, 'mc.md');
    expect(errors).toEqual([]);
    expect(parsed?.interaction).toEqual({
      kind: 'multiple-choice',
      question: 'What does `print("hi")` show?',
      choices: [
        { text: 'print("hi")', correct: false, why: 'the quotes mark the text;\nprint shows the text without them.' },
        { text: 'hi', correct: true },
        { text: 'nothing', correct: false, why: 'print shows its text.' },
      ],
    });
    expect(parsed?.executableContent).toBeNull();
  });

  it('reads fill-gap lessons with alternatives and escaped bars', () => {
    const text = lesson(
      'id: js-gap\ntitle: Gap\ninteraction: fill-gap',
      `${common}\n# --files--\n## app.js\n${fence}js\nconst ok = a [[\\|\\||or]] b;\n[[console.log]](ok);\n${fence}\n\n# --options--\n- print\n- \`alert\`\n`,
    );
    const { lesson: parsed, errors } = parseLesson(text, 'gap.md');
    expect(errors).toEqual([]);
    expect(parsed?.interaction).toEqual({
      kind: 'fill-gap',
      templates: [{ name: 'app.js', segments: ['const ok = a ', { gap: 0 }, ' b;\n', { gap: 1 }, '(ok);'] }],
      gaps: [{ accepted: ['||', 'or'] }, { accepted: ['console.log'] }],
      chips: ['||', 'console.log', 'print', 'alert'],
    });
    expect(parsed?.executableContent?.files[0]?.content).toBe('const ok = a || b;\nconsole.log(ok);');
    expect(parsed?.codeLanguage).toBe('javascript');
  });

  it('reads a reorder lesson and takes the language from the fence', () => {
    const text = lesson('id: py-order\ntitle: Order\ninteraction: reorder', `${common}\n# --lines--\n${fence}python\nx = 1\nprint(x)\n${fence}\n`);
    const { lesson: parsed, errors } = parseLesson(text, 'r.md');
    expect(errors).toEqual([]);
    expect(parsed?.interaction).toEqual({ kind: 'reorder', lines: ['x = 1', 'print(x)'] });
    expect(parsed?.codeLanguage).toBe('python');
  });

  it.each([
    ['no front matter', '# --explanation--\nx', /starts with front matter/],
    ['an unknown interaction', lesson('id: a\ntitle: A\ninteraction: essay', common), /interaction/],
    ['a bad id', lesson('id: Not_Kebab\ntitle: A\ninteraction: code', common), /kebab-case/],
    ['an unknown language', codeLesson.replace('interaction: code', 'interaction: code\ncodeLanguage: cobol'), /unknown codeLanguage "cobol"/],
    ['a missing part', lesson('id: a\ntitle: A\ninteraction: reorder', common), /missing part "# --lines--"/],
    ['a part of another interaction', codeLesson.replace('# --hints--', '# --question--\nwhy?\n\n# --hints--'), /part "question" is not used by code lessons/],
    ['a check on a missing file', codeLesson.replace('file: main.py', 'file: other.py'), /refers to file "other.py"/],
    ['a DOM check without html', codeLesson.replace('- type: output-equals\n  text: hello', '- type: dom\n  selector: h1'), /needs an html file/],
    ['a check without a message', codeLesson.replace('  message: Print the word hello, in lower case.\n', ''), /check 1 \(message\)/],
    ['an unknown check type', codeLesson.replace('type: output-equals', 'type: vibes'), /check 1/],
    ['a solution for a file the lesson lacks', codeLesson.replace('# --solution--\n## main.py', '# --solution--\n## other.py'), /"other.py", which is not one of the lesson's files/],
    ['a solution for a read-only file', codeLesson.replace('# --solution--\n## main.py', '# --solution--\n## notes.txt'), /read-only/],
    ['no hints', codeLesson.replace('- Use print.\n- Put the words in quotes.\n', ''), /at least one hint/],
    ['an assert that reads the program', codeLesson.replace("code: assert True", 'code: assert "for" in open("main.py").read()'), /check 2 \(assert\) reads "main.py": a check must not read the program's text/],
    ['a uses check without the function it names', codeLesson.replace('- type: output-equals\n  text: hello', '- type: uses\n  construct: call'), /say which function with "name"/],
    ['a JavaScript construct asked of Python', codeLesson.replace('- type: output-equals\n  text: hello', '- type: uses\n  construct: arrow-function'), /Python has no arrow-function/],
    ['a uses check on a missing file', codeLesson.replace('- type: output-equals\n  text: hello', '- type: uses\n  construct: for\n  file: other.py'), /refers to file "other.py"/],
    ['an unknown construct', codeLesson.replace('- type: output-equals\n  text: hello', '- type: uses\n  construct: goto'), /check 1/],
    ['a rerun check without the output it expects', codeLesson.replace('- type: output-equals\n  text: hello', '- type: rerun\n  set: { name: Ada }'), /check 1: a rerun check needs either output or contains/],
    ['a check on check data the lesson lacks', codeLesson.replace('- type: output-equals\n  text: hello', '- type: sql-result\n  data: check\n  columns: [a]\n  rows: [[1]]'), /no "# --check-data--" part/],
    ['an unclosed code block', codeLesson.replace(`print("hello")\n${fence}`, 'print("hello")'), /inside a code block: is a closing fence/],
  ])('refuses %s', (_label, text, message) => {
    const { lesson: parsed, errors } = parseLesson(text, 'bad.md');
    expect(parsed).toBeNull();
    expect(errors.map((error) => error.message).join('\n')).toMatch(message);
  });

  it('reports the line of the problem', () => {
    const text = codeLesson.replace('# --hints--', '# --question--\nwhy?\n\n# --hints--');
    const { errors } = parseLesson(text, 'content/x.md');
    const lines = text.split('\n');
    const error = errors.find((candidate) => candidate.message.includes('question'));
    expect(error?.file).toBe('content/x.md');
    expect(lines[(error?.line ?? 0) - 1]).toBe('# --question--');
  });
});

describe('parseLesson: input lines and the explanation length', () => {
  it('reads the lines a program gets from input()', () => {
    const withInput = `${codeLesson}\n# --input--\n${fence}\nAda\n42\n${fence}\n`;
    const { lesson: parsed, errors } = parseLesson(withInput, 'l.md');
    expect(errors).toEqual([]);
    expect(parsed?.executableContent?.input).toEqual(['Ada', '42']);
  });

  it('counts prose words only: code blocks in an explanation are free', () => {
    const code = Array.from({ length: 200 }, (_, index) => `x${index} = ${index}`).join('\n');
    const long = codeLesson.replace('Print shows text. Now print hello.', `Print shows text.\n\n${fence}python\n${code}\n${fence}\n\nNow print hello.`);
    expect(parseLesson(long, 'l.md').errors).toEqual([]);
    const wordy = codeLesson.replace('Print shows text. Now print hello.', `${'word '.repeat(121)}Now print hello.`);
    expect(parseLesson(wordy, 'l.md').errors).toEqual([expect.objectContaining({ message: expect.stringContaining('words outside its code blocks') })]);
  });
});

describe('parseLesson: wrong and alternative answers', () => {
  const withVariants = (parts: string) => `${codeLesson}\n${parts}`;

  it('reads each answer with its label, as the file it replaces', () => {
    const { lesson: parsed, errors } = parseLesson(
      withVariants(
        `# --wrong--\n## main.py (hard-coded output)\n${fence}python\nprint("hello" if False else "hello")\n${fence}\n## main.py (the word only in a comment)\n${fence}python\n# print("hello")\n${fence}\n\n# --alternatives--\n## main.py (single quotes)\n${fence}python\nprint('hello')\n${fence}\n`,
      ),
      'l.md',
    );
    expect(errors).toEqual([]);
    expect(parsed?.executableContent?.wrong).toEqual([
      { label: 'hard-coded output', files: [{ name: 'main.py', content: 'print("hello" if False else "hello")' }] },
      { label: 'the word only in a comment', files: [{ name: 'main.py', content: '# print("hello")' }] },
    ]);
    expect(parsed?.executableContent?.alternatives).toEqual([{ label: 'single quotes', files: [{ name: 'main.py', content: "print('hello')" }] }]);
  });

  it('leaves both lists out when the lesson has none', () => {
    expect(parseLesson(codeLesson, 'l.md').lesson?.executableContent).not.toHaveProperty('wrong');
  });

  it.each([
    ['an answer without a label', `# --wrong--\n## main.py\n${fence}python\nprint(1)\n${fence}\n`, /needs a heading "## <file name> \(<what it shows>\)"/],
    ['an answer for a file the lesson lacks', `# --alternatives--\n## other.py (x)\n${fence}python\nprint(1)\n${fence}\n`, /"other.py" in "alternatives" is not one of the lesson's files/],
    ['an answer for a read-only file', `# --wrong--\n## notes.txt (x)\n${fence}\nchanged\n${fence}\n`, /"notes.txt" in "wrong" is read-only/],
    ['two answers with one label', `# --wrong--\n## main.py (same)\n${fence}python\nprint(1)\n${fence}\n## main.py (same)\n${fence}python\nprint(2)\n${fence}\n`, /both called "same"/],
    ['an empty part', `# --wrong--\nnothing here\n`, /"wrong" has no answers/],
  ])('refuses %s', (_label, parts, message) => {
    expect(parseLesson(withVariants(parts), 'l.md').errors).toEqual([expect.objectContaining({ message: expect.stringMatching(message) })]);
  });

  it('requires a Why: line under every wrong choice, with its line', () => {
    const choice = lesson('id: q\ntitle: Q\ninteraction: multiple-choice', `${common}\n# --question--\nWhich?\n\n# --choices--\n- [x] Yes\n- [ ] No\n- [ ] Maybe\n  Why: it is certain.\n`);
    const { errors } = parseLesson(choice, 'l.md');
    expect(errors).toEqual([expect.objectContaining({ file: 'l.md', message: 'explain why this choice is wrong on an indented line under it: "  Why: …"' })]);
    expect(choice.split('\n')[(errors[0]?.line ?? 0) - 1]).toBe('- [ ] No');
  });

  it('refuses the parts on lessons that are not code lessons', () => {
    const choice = lesson('id: q\ntitle: Q\ninteraction: multiple-choice', `${common}\n# --question--\nWhy?\n\n# --choices--\n- [x] Yes\n- [ ] No\n  Why: it is yes.\n\n# --wrong--\n## main.py (x)\n${fence}python\nprint(1)\n${fence}\n`);
    expect(parseLesson(choice, 'l.md').errors).toEqual([expect.objectContaining({ message: 'part "wrong" is not used by multiple-choice lessons' })]);
  });
});

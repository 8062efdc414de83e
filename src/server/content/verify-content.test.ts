import type { CompiledContent, Lesson } from '@/domain/content/model';
import { createNodeCheckEngine } from '@/runner/node/node-check-engine';
import { verifyCodeLessons } from './verify-content';

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

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileContent } from './compile-content';
import { formatContentError } from './content-error';
import { summarizeContent } from './content-summary';

const fence = '```';
const mcLesson = (id: string) =>
  `---\nid: ${id}\ntitle: Quiz ${id}\ninteraction: multiple-choice\n---\n\n# --explanation--\nPick one. Now choose.\n\n# --hints--\n- Think.\n\n# --question--\nWhich?\n\n# --choices--\n- [x] This\n- [ ] That\n  Why: that is not it.\n`;
const codeLesson = (id: string) =>
  `---\nid: ${id}\ntitle: Code ${id}\ninteraction: code\n---\n\n# --explanation--\nPrint hi. Now do it.\n\n# --hints--\n- print\n\n# --files--\n## main.py\n${fence}python\n\n${fence}\n\n# --solution--\n## main.py\n${fence}python\nprint("hi")\n${fence}\n\n# --checks--\n${fence}yaml\n- type: output-equals\n  text: hi\n  message: Print hi.\n${fence}\n`;

type Tree = Record<string, string>;

function makeContent(tree: Tree): string {
  const root = mkdtempSync(path.join(tmpdir(), 'codetrail-content-'));
  for (const [file, text] of Object.entries(tree)) {
    const full = path.join(root, 'content', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return path.join(root, 'content');
}

const goodTree: Tree = {
  'tracks/py/track.yaml': 'id: py\ntitle: Python\ndescription: Learn Python.\nsections:\n  - title: Start\n    tutorials: [basics]\n  - title: Build\n    tutorials: [quiz-game]\n',
  'tracks/py/basics/tutorial.yaml': 'id: basics\ntitle: Basics\ndescription: The basics.\nkind: course\n',
  'tracks/py/basics/02-second/chapter.yaml': 'id: basics-second\ntitle: Second\n',
  'tracks/py/basics/02-second/01-a.md': codeLesson('b-one'),
  'tracks/py/basics/01-first/chapter.yaml': 'id: basics-first\ntitle: First\n',
  'tracks/py/basics/01-first/10-later.md': codeLesson('a-two'),
  'tracks/py/basics/01-first/02-earlier.md': mcLesson('a-one'),
  'tracks/py/quiz-game/tutorial.yaml': 'id: quiz-game\ntitle: Quiz game\ndescription: Build a quiz.\nkind: project\n',
  'tracks/py/quiz-game/01-build/chapter.yaml': 'id: quiz-build\ntitle: Build it\n',
  'tracks/py/quiz-game/01-build/01-start.md': mcLesson('q-one'),
};

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(path.dirname(root), { recursive: true, force: true })));
const content = (tree: Tree) => {
  const root = makeContent(tree);
  roots.push(root);
  return root;
};

describe('compileContent', () => {
  it('builds tracks, sections, tutorials, chapters and lessons in order', async () => {
    const { content: compiled, errors } = await compileContent(content(goodTree));
    expect(errors).toEqual([]);
    const track = compiled.tracks[0];
    expect(track?.sections).toEqual([
      { title: 'Start', tutorialIds: ['basics'] },
      { title: 'Build', tutorialIds: ['quiz-game'] },
    ]);
    expect(track?.tutorials.map((tutorial) => [tutorial.id, tutorial.kind])).toEqual([
      ['basics', 'course'],
      ['quiz-game', 'project'],
    ]);
    expect(track?.tutorials[0]?.chapters.map((chapter) => chapter.id)).toEqual(['basics-first', 'basics-second']);
    expect(track?.tutorials[0]?.chapters[0]?.lessons.map((lesson) => lesson.id)).toEqual(['a-one', 'a-two']);
    expect(summarizeContent(compiled).tracks[0]).toEqual({
      id: 'py',
      tutorials: 2,
      chapters: 3,
      lessons: 4,
      codeLessons: 2,
      verifiedCodeLessons: 0,
      byInteraction: { 'multiple-choice': 2, 'fill-gap': 0, reorder: 0, code: 2 },
      wrongRefused: 0,
      wrong: 0,
      alternativesAccepted: 0,
      alternatives: 0,
      robustLessons: 0,
    });
  });

  it('compiles the repository content without errors', async () => {
    const { errors, content: compiled } = await compileContent(path.resolve('content'));
    expect(errors.map(formatContentError)).toEqual([]);
    expect(compiled.tracks.length).toBeGreaterThan(0);
  });

  it.each([
    ['a duplicate lesson id', { 'tracks/py/basics/02-second/01-a.md': codeLesson('a-one') }, /id "a-one" is already used by content\/tracks\/py\/basics\/01-first\/02-earlier\.md/],
    ['a missing chapter.yaml', { 'tracks/py/basics/03-third/01-x.md': mcLesson('x-one') }, /03-third\/chapter\.yaml:1: file is missing/],
    ['a tutorial in no section', { 'tracks/py/extra/tutorial.yaml': 'id: extra\ntitle: E\ndescription: E.\nkind: course\n', 'tracks/py/extra/01-c/chapter.yaml': 'id: extra-c\ntitle: C\n', 'tracks/py/extra/01-c/01-l.md': mcLesson('e-one') }, /tutorial "extra" is in no section/],
    ['a section listing a missing tutorial', { 'tracks/py/track.yaml': 'id: py\ntitle: P\ndescription: P.\nsections:\n  - title: S\n    tutorials: [basics, quiz-game, ghost]\n' }, /lists tutorial "ghost"/],
    ['a track id that differs from its folder', { 'tracks/py/track.yaml': 'id: python\ntitle: P\ndescription: P.\nsections:\n  - title: S\n    tutorials: [basics, quiz-game]\n' }, /must equal the folder name "py"/],
    ['an unknown tutorial kind', { 'tracks/py/basics/tutorial.yaml': 'id: basics\ntitle: B\ndescription: B.\nkind: webinar\n' }, /tutorial\.yaml:1: kind/],
    ['a lesson file without an order number', { 'tracks/py/basics/01-first/extra.md': mcLesson('z-one') }, /extra\.md:1: name it "NN-slug\.md"/],
    ['two lessons with the same number', { 'tracks/py/basics/01-first/02-again.md': mcLesson('z-two') }, /same order number/],
    ['a track id that is an app page', { 'tracks/streak/track.yaml': 'id: streak\ntitle: S\ndescription: S.\nsections:\n  - title: S\n    tutorials: [s-basics]\n', 'tracks/streak/s-basics/tutorial.yaml': 'id: s-basics\ntitle: B\ndescription: B.\nkind: course\n', 'tracks/streak/s-basics/01-c/chapter.yaml': 'id: s-c\ntitle: C\n', 'tracks/streak/s-basics/01-c/01-l.md': mcLesson('s-one') }, /"streak" is the name of an app page/],
    ['a broken lesson', { 'tracks/py/basics/01-first/02-earlier.md': mcLesson('a-one').replace('- [x] This', '- [ ] This') }, /02-earlier\.md:\d+: mark at least one choice correct/],
  ])('refuses %s, naming file and line', async (_label, overrides, message) => {
    const { errors } = await compileContent(content({ ...goodTree, ...(overrides as Tree) }));
    expect(errors.map(formatContentError).join('\n')).toMatch(message);
  });
});

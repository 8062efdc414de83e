import type { Lesson, LessonFileDefinition, Track, Tutorial } from '../content/model';
import { validateProjectFiles } from './project-files';
import { guidedProjectStart, guidedProjectsToImport, lastCodeLesson } from './guided-projects';

const quiz = (id: string): Lesson => ({
  id,
  title: id,
  explanation: '',
  hints: [],
  codeLanguage: null,
  interaction: { kind: 'multiple-choice', question: '?', choices: [{ text: 'a', correct: true }] },
  executableContent: null,
  source: `${id}.md`,
});

const code = (id: string, files: LessonFileDefinition[], seed: string | null = null): Lesson => ({
  ...quiz(id),
  interaction: { kind: 'code' },
  codeLanguage: null,
  executableContent: { files, solution: [], checks: [], seed },
});

const file = (name: string, content: string, editable = true): LessonFileDefinition => ({ name, content, editable });

const tutorial = (id: string, kind: Tutorial['kind'], lessons: Lesson[][]): Tutorial => ({
  id,
  title: `Project: ${id}`,
  description: '',
  kind,
  chapters: lessons.map((chapterLessons, index) => ({ id: `${id}-c${index}`, title: `C${index}`, lessons: chapterLessons })),
});

const track: Track = {
  id: 'fixture',
  title: 'Fixture',
  description: '',
  sections: [{ title: 'All', tutorialIds: ['course', 'quiz-game', 'no-code', 'pages'] }],
  tutorials: [
    tutorial('course', 'course', [[code('c1', [file('main.py', 'print(1)')])]]),
    tutorial('quiz-game', 'project', [[code('q1', [file('main.py', 'step 1')])], [code('q2', [file('main.py', 'step 2')]), quiz('q3')]]),
    tutorial('no-code', 'project', [[quiz('n1')]]),
    tutorial('pages', 'project', [[code('p1', [file('index.html', '<p>', false), file('script.js', 'start')])]]),
  ],
};

describe('lastCodeLesson', () => {
  it.each([
    ['the last code lesson, past a later quiz', 'quiz-game', 'q2'],
    ['none without code', 'no-code', null],
  ])('%s', (_case, tutorialId, expected) => {
    const found = track.tutorials.find((candidate) => candidate.id === tutorialId);
    expect(found && lastCodeLesson(found)?.id).toBe(expected ?? undefined);
  });
});

describe('guidedProjectsToImport', () => {
  it.each<[string, string[], string[], string[]]>([
    ['nothing finished', [], [], []],
    ['a project with a lesson left', ['q1', 'q2'], [], []],
    ['a finished project', ['q1', 'q2', 'q3'], [], ['quiz-game']],
    ['a finished course is not a project', ['c1'], [], []],
    ['a finished project without code', ['n1'], [], []],
    ['two finished projects', ['q1', 'q2', 'q3', 'p1'], [], ['quiz-game', 'pages']],
    ['one already imported (or deleted since)', ['q1', 'q2', 'q3', 'p1'], ['quiz-game'], ['pages']],
  ])('%s', (_case, completed, imported, expected) => {
    expect(guidedProjectsToImport([track], new Set(completed), new Set(imported)).map((candidate) => candidate.tutorialId)).toEqual(expected);
  });

  it('names the lesson, the track and the title', () => {
    const [candidate] = guidedProjectsToImport([track], new Set(['q1', 'q2', 'q3']), new Set());
    expect(candidate).toMatchObject({ trackId: 'fixture', tutorialId: 'quiz-game', title: 'Project: quiz-game', lesson: { id: 'q2' } });
  });
});

describe('guidedProjectStart', () => {
  it.each<[string, Lesson, { lessonId: string; files: { name: string; content: string }[] } | undefined, string, { path: string; content: string }[]]>([
    ['Python with the learner’s saved code', code('l', [file('main.py', 'starter')]), { lessonId: 'l', files: [{ name: 'main.py', content: 'mine' }] }, 'python', [{ path: 'main.py', content: 'mine' }]],
    ['Python never saved: the starter code', code('l', [file('main.py', 'starter')]), undefined, 'python', [{ path: 'main.py', content: 'starter' }]],
    [
      'a page keeps its read-only files',
      code('l', [file('index.html', '<p>page</p>', false), file('style.css', 'p {}', false), file('script.js', 'start')]),
      { lessonId: 'l', files: [{ name: 'script.js', content: 'done' }] },
      'web',
      [
        { path: 'index.html', content: '<p>page</p>' },
        { path: 'style.css', content: 'p {}' },
        { path: 'script.js', content: 'done' },
      ],
    ],
    ['JavaScript alone runs in the console', code('l', [file('main.js', 'console.log(1)')]), undefined, 'javascript', [{ path: 'main.js', content: 'console.log(1)' }]],
    [
      'SQL brings its seed as schema.sql',
      code('l', [file('query.sql', 'SELECT 1;')], 'CREATE TABLE t (x INTEGER);'),
      { lessonId: 'l', files: [{ name: 'query.sql', content: 'SELECT x FROM t;' }] },
      'sql',
      [
        { path: 'schema.sql', content: 'CREATE TABLE t (x INTEGER);' },
        { path: 'query.sql', content: 'SELECT x FROM t;' },
      ],
    ],
    ['SQL without a seed', code('l', [file('query.sql', 'SELECT 1;')]), undefined, 'sql', [{ path: 'query.sql', content: 'SELECT 1;' }]],
    [
      'SQL with its own schema.sql keeps it',
      code('l', [file('schema.sql', 'mine'), file('query.sql', 'SELECT 1;')], 'seed'),
      undefined,
      'sql',
      [
        { path: 'schema.sql', content: 'mine' },
        { path: 'query.sql', content: 'SELECT 1;' },
      ],
    ],
  ])('%s', (_case, lesson, saved, language, files) => {
    const start = guidedProjectStart({ title: 'Project: a quiz', lesson }, saved);
    expect(start).toEqual({ language, title: 'Project: a quiz', files });
    expect(validateProjectFiles(start.language, start.files)).toEqual({ ok: true });
  });

  it.each([
    ['a long title is shortened', `Project: ${'a'.repeat(100)}`, `Project: ${'a'.repeat(70)}…`],
    ['an empty title becomes the language’s default', ' ', 'My Python program'],
  ])('%s', (_case, title, expected) => {
    expect(guidedProjectStart({ title, lesson: code('l', [file('main.py', '')]) }, undefined).title).toBe(expected);
  });
});

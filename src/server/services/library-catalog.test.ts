import type { Track } from '@/domain/content/model';
import { libraryCatalog, MINUTES_PER_LESSON, plainSummary } from './library-catalog';

const lesson = (id: string, explanation = `Learn ${id}.`) => ({ id, title: `Lesson ${id}`, explanation, hints: [], codeLanguage: null, interaction: { kind: 'code' as const }, executableContent: null, source: `${id}.md` });
const track: Track = {
  id: 'python',
  title: 'Python',
  description: 'Learn Python.',
  sections: [
    { title: 'Start', tutorialIds: ['basics'] },
    { title: 'More', tutorialIds: ['loops', 'game'] },
  ],
  tutorials: [
    { id: 'basics', title: 'Basics', description: 'First steps.', kind: 'course', chapters: [{ id: 'b1', title: 'One', lessons: [lesson('hello'), lesson('vars')] }] },
    { id: 'loops', title: 'Loops', description: 'Repeat.', kind: 'course', chapters: [{ id: 'l1', title: 'For', lessons: [lesson('for')] }] },
    { id: 'game', title: 'Game', description: 'Build a game.', kind: 'project', chapters: [{ id: 'g1', title: 'Build', lessons: [lesson('board')] }] },
  ],
};

describe('the library catalogue', () => {
  const items = libraryCatalog([track], []);
  const byKey = (key: string) => items.find((item) => item.key === key);

  it('lists the track, its courses and guided project, every lesson and the templates', () => {
    expect(items.filter((item) => item.kind !== 'template').map((item) => item.key)).toEqual([
      'track:python',
      'tutorial:python:basics',
      'lesson:python:hello',
      'lesson:python:vars',
      'tutorial:python:loops',
      'lesson:python:for',
      'tutorial:python:game',
      'lesson:python:board',
    ]);
    expect(items.filter((item) => item.kind === 'template')).toHaveLength(4);
  });

  it('free or Pro and the level follow the section (the entitlement rule); lessons link into the player', () => {
    expect(byKey('track:python')).toMatchObject({ access: 'free', minutes: 4 * MINUTES_PER_LESSON, lessonIds: ['hello', 'vars', 'for', 'board'], href: '/web/python/section/active' });
    expect(byKey('tutorial:python:basics')).toMatchObject({ kind: 'tutorial', access: 'free', level: 'beginner', href: '/web/python/section/0' });
    expect(byKey('tutorial:python:loops')).toMatchObject({ access: 'pro', level: 'intermediate', href: '/web/python/section/1' });
    expect(byKey('tutorial:python:game')).toMatchObject({ kind: 'project', access: 'pro' });
    expect(byKey('lesson:python:vars')).toMatchObject({ access: 'free', href: '/web/track/python/tutorial/basics/chapter/b1/learn?lesson=1', keywords: 'Python Basics One' });
  });

  it('names the path chapters of courses and lessons, for the lock (tracks, glossary and templates have none)', () => {
    expect(byKey('tutorial:python:loops')?.path).toEqual({ trackId: 'python', chapterIds: ['l1'] });
    expect(byKey('lesson:python:board')?.path).toEqual({ trackId: 'python', chapterIds: ['g1'] });
    expect(byKey('track:python')?.path).toBeNull();
    expect(items.filter((item) => item.kind === 'template').every((item) => item.path === null)).toBe(true);
  });

  it('links lessons under /ssr on a preview deployment', () => {
    process.env.DEPLOYMENT_KIND = 'preview';
    try {
      expect(libraryCatalog([track], []).find((item) => item.key === 'lesson:python:vars')?.href).toBe('/ssr/track/python/tutorial/basics/chapter/b1/learn?lesson=1');
    } finally {
      delete process.env.DEPLOYMENT_KIND;
    }
  });

  it.each([
    ['Use `print()` to show **text**.', 'Use print() to show text.'],
    ['Code:\n```python\nprint(1)\n```\nDone.', 'Code: Done.'],
    ['See [the docs](https://example.com).', 'See the docs.'],
    ['word '.repeat(60), `${'word '.repeat(31).trim()}…`],
  ])('plainSummary(%j)', (markdown, text) => {
    expect(plainSummary(markdown)).toBe(text);
  });
});

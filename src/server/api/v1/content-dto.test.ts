import type { Track } from '@/domain/content/model';
import type { Lesson } from '@/domain/content/model';
import { chapterDto, countCompleted, lessonDto, trackDto, trackSummaryDto } from './content-dto';

const lesson = (id: string) => ({ id });
// Only what the summaries read.
const track = {
  id: 'py',
  title: 'Python',
  description: 'Learn Python',
  sections: [
    { title: 'Basics', tutorialIds: ['t1', 'p'] },
    { title: 'More', tutorialIds: ['t2'] },
  ],
  tutorials: [
    { id: 't1', title: 'Basics', description: '', kind: 'course', chapters: [{ id: 'c1', lessons: [lesson('a'), lesson('b')] }, { id: 'c2', lessons: [lesson('c')] }] },
    { id: 'p', title: 'Project', description: '', kind: 'project', chapters: [{ id: 'p1', lessons: [lesson('x')] }] },
    { id: 't2', title: 'More', description: '', kind: 'course', chapters: [{ id: 'c3', lessons: [lesson('d'), lesson('e')] }] },
  ],
} as unknown as Track;

describe('countCompleted', () => {
  it.each([
    ['nothing done', ['a', 'b', 'c'], [], 0],
    ['some done', ['a', 'b', 'c'], ['b'], 1],
    ['all done', ['a', 'b'], ['a', 'b'], 2],
    ['more done elsewhere than lessons here', ['a', 'b'], ['a', 'z1', 'z2', 'z3', 'z4'], 1],
    ['only other lessons done', ['a'], ['z1', 'z2'], 0],
    ['no lessons', [], ['a'], 0],
  ])('%s', (_case, ids, completed, expected) => {
    expect(countCompleted(new Set(ids), new Set(completed))).toBe(expected);
  });
});

describe('track summaries', () => {
  it('count the lessons of the track and of each tutorial, and the learner’s completed ones', () => {
    const completed = new Set(['a', 'c', 'e', 'other-track-lesson']);
    expect(trackSummaryDto(track, 7, completed)).toEqual({ id: 'py', title: 'Python', description: 'Learn Python', trackVersion: 7, sections: 2, tutorials: 3, lessons: 6, completedLessons: 3 });
    const full = trackDto(track, 7, completed);
    expect(full.sections.map((section) => section.tutorials.map((tutorial) => `${tutorial.id} ${tutorial.completedLessons}/${tutorial.lessons} in ${tutorial.chapters}`))).toEqual([
      ['t1 2/3 in 2', 'p 0/1 in 1'],
      ['t2 1/2 in 1'],
    ]);
  });

  it('answer for each learner from the same cached lesson ids', () => {
    expect(trackSummaryDto(track, 7, new Set()).completedLessons).toBe(0);
    expect(trackSummaryDto(track, 7, new Set(['a', 'b', 'c', 'x', 'd', 'e'])).completedLessons).toBe(6);
    expect(trackSummaryDto(track, 7, new Set(['d'])).completedLessons).toBe(1);
  });
});

describe('lesson DTOs', () => {
  const codeLesson = {
    id: 'l1',
    title: 'Print it',
    explanation: 'Use `print`.',
    hints: ['Call **print**'],
    codeLanguage: 'python',
    interaction: { kind: 'code' },
    executableContent: { files: [{ name: 'main.py', content: 'print(1)\n', editable: true }], checks: [{ kind: 'output' }], seed: null, input: ['x'] },
  } as unknown as Lesson;

  it('carry each learner’s own completed flag over the parts every learner shares', () => {
    const done = lessonDto(codeLesson, new Set(['l1']));
    const notDone = lessonDto(codeLesson, new Set());
    expect(done.completed).toBe(true);
    expect(notDone.completed).toBe(false);
    expect({ ...done, completed: false }).toEqual(notDone);
    expect(done).toMatchObject({
      id: 'l1',
      lessonType: 'Python',
      explanationHtml: expect.stringContaining('<code>print</code>'),
      executableContent: { files: [{ name: 'main.py', content: 'print(1)\n', editable: true, language: 'python' }], checkSeed: null, input: ['x'] },
    });
    // Built once per published lesson: the same files list for every call, and not to be changed.
    expect(done.executableContent?.files).toBe(notDone.executableContent?.files);
    expect(Object.keys(done).indexOf('completed')).toBe(Object.keys(notDone).indexOf('completed'));
  });

  it('a chapter lists every lesson with the learner’s flags', () => {
    const second = { ...codeLesson, id: 'l2' } as Lesson;
    const dto = chapterDto({ id: 'c1', title: 'First steps', lessons: [codeLesson, second] } as unknown as Parameters<typeof chapterDto>[0], new Set(['l2']));
    expect(dto.lessons.map((lesson) => `${lesson.id} ${lesson.completed}`)).toEqual(['l1 false', 'l2 true']);
  });
});

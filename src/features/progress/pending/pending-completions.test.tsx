import { addPendingCompletion, readPendingCompletions, removePendingCompletions } from './pending-completions';

const entry = (lessonId: string, completedAt = '2026-11-23T10:00:00.000Z') => ({
  trackId: 'python',
  tutorialId: 'python-basics',
  chapterId: 'python-basics-first-steps',
  lessonId,
  mode: 'learn' as const,
  attempts: 1,
  usedHints: false,
  completedAt,
  timeZone: 'Europe/Lisbon',
});

describe('pending completions', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps completions per learner until the server has them', () => {
    addPendingCompletion('u1', entry('a'));
    addPendingCompletion('u1', entry('b'));
    addPendingCompletion('u2', entry('c'));
    expect(readPendingCompletions('u1').map((item) => item.lessonId)).toEqual(['a', 'b']);
    removePendingCompletions('u1', ['a']);
    expect(readPendingCompletions('u1').map((item) => item.lessonId)).toEqual(['b']);
    expect(readPendingCompletions('u2')).toHaveLength(1);
  });

  it('keeps the first time stamp when a lesson is passed again offline', () => {
    addPendingCompletion('u1', entry('a', '2026-11-22T10:00:00.000Z'));
    addPendingCompletion('u1', entry('a', '2026-11-23T10:00:00.000Z'));
    expect(readPendingCompletions('u1')).toEqual([entry('a', '2026-11-22T10:00:00.000Z')]);
  });

  it('ignores damaged storage instead of crashing', () => {
    window.localStorage.setItem('codetrail.pendingCompletions.u1', '{not json');
    expect(readPendingCompletions('u1')).toEqual([]);
    window.localStorage.setItem('codetrail.pendingCompletions.u1', JSON.stringify([{ lessonId: 1 }, entry('ok')]));
    expect(readPendingCompletions('u1').map((item) => item.lessonId)).toEqual(['ok']);
  });
});

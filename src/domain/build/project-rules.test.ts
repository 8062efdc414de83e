import {
  AUTO_SNAPSHOT_INTERVAL_MS,
  DELETE_UNDO_WINDOW_MS,
  MAX_PROJECTS_PER_LEARNER,
  MAX_SNAPSHOTS_PER_PROJECT,
  TITLE_MAX_LENGTH,
  autoSnapshotDue,
  canUndoDelete,
  cleanProjectTitle,
  cleanSnapshotLabel,
  copyTitle,
  daysLeftToRestore,
  fitTitle,
  snapshotsToPrune,
  undoDeadline,
  type SnapshotRef,
} from './project-rules';

describe('limits', () => {
  it('are the agreed numbers', () => {
    expect({ MAX_PROJECTS_PER_LEARNER, MAX_SNAPSHOTS_PER_PROJECT, TITLE_MAX_LENGTH, AUTO_SNAPSHOT_INTERVAL_MS, DELETE_UNDO_WINDOW_MS }).toEqual({
      MAX_PROJECTS_PER_LEARNER: 100,
      MAX_SNAPSHOTS_PER_PROJECT: 50,
      TITLE_MAX_LENGTH: 80,
      AUTO_SNAPSHOT_INTERVAL_MS: 600_000,
      DELETE_UNDO_WINDOW_MS: 30 * 86_400_000,
    });
  });
});

describe('cleanProjectTitle', () => {
  it.each([
    ['a plain title', 'Weather app', 'Weather app'],
    ['spaces trimmed and tidied', '  My   quiz\tgame \n', 'My quiz game'],
    ['any script and emoji', 'Jogo da memória 🧠', 'Jogo da memória 🧠'],
    ['80 characters', 'a'.repeat(80), 'a'.repeat(80)],
    ['80 emoji (characters, not UTF-16 units)', '🐍'.repeat(80), '🐍'.repeat(80)],
    ['composed to NFC', 'Cafe\u0301', 'Café'],
  ])('accepts %s', (_case, raw, expected) => {
    expect(cleanProjectTitle(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['empty', '', /can't be empty/],
    ['only spaces', '   \n ', /can't be empty/],
    ['81 characters', 'a'.repeat(81), /at most 80 characters/],
    ['a control character', 'My\u0007app', /can't be shown/],
    ['a right-to-left override', 'My\u202Eppa', /can't be shown/],
    ['a zero-width space', 'My\u200Bapp', /can't be shown/],
    ['a line separator', 'My\u2028app', /can't be shown/],
  ])('refuses %s', (_case, raw, message) => {
    const verdict = cleanProjectTitle(raw);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.message).toMatch(message);
  });
});

describe('cleanSnapshotLabel', () => {
  it.each([
    ['Before the big change', { ok: true, value: 'Before the big change' }],
    ['a'.repeat(60), { ok: true, value: 'a'.repeat(60) }],
    ['a'.repeat(61), { ok: false, message: 'The label can be at most 60 characters long.' }],
    [' ', { ok: false, message: "The label can't be empty." }],
  ])('%j', (raw, expected) => {
    expect(cleanSnapshotLabel(raw)).toEqual(expected);
  });
});

describe('copyTitle and fitTitle', () => {
  it.each([
    ['a short title', 'Quiz', 'Copy of Quiz'],
    ['a title that just fits', 'a'.repeat(72), `Copy of ${'a'.repeat(72)}`],
    ['a title too long for the prefix', 'a'.repeat(80), `Copy of ${'a'.repeat(71)}…`],
    ['emoji never split', '🐍'.repeat(80), `Copy of ${'🐍'.repeat(71)}…`],
  ])('copyTitle: %s', (_case, title, expected) => {
    expect(copyTitle(title)).toBe(expected);
    expect(cleanProjectTitle(copyTitle(title))).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['a fitting title', 'Project: a library report', 'Project: a library report'],
    ['a long title', `${'word '.repeat(30)}`, `${'word '.repeat(16).trimEnd()}…`],
    ['an empty one', '  ', 'Fallback'],
    ['an unprintable one', 'a\u0000b', 'Fallback'],
  ])('fitTitle: %s', (_case, raw, expected) => {
    expect(fitTitle(raw, 'Fallback')).toBe(expected);
    expect(cleanProjectTitle(fitTitle(raw, 'Fallback')).ok).toBe(true);
  });
});

describe('autoSnapshotDue', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  it.each([
    ['the first save', null, true],
    ['a save a minute after the last snapshot', minutesAgo(1), false],
    ['a save 9 min 59 s after', new Date(now.getTime() - AUTO_SNAPSHOT_INTERVAL_MS + 1000), false],
    ['a save exactly 10 minutes after', minutesAgo(10), true],
    ['a save an hour after', minutesAgo(60), true],
    ['a last snapshot in the future (clock set back)', minutesAgo(-5), false],
  ])('%s: %s', (_case, last, expected) => {
    expect(autoSnapshotDue(last, now)).toBe(expected);
  });
});

describe('snapshotsToPrune', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));
  const snap = (id: string, kind: SnapshotRef['kind'], minute: number): SnapshotRef => ({ id, kind, createdAt: at(minute) });

  it.each<[string, SnapshotRef[], number, string[]]>([
    ['nothing under the limit', [snap('a', 'auto', 1), snap('b', 'auto', 2)], 2, []],
    ['the oldest automatic one first', [snap('m', 'manual', 0), snap('a2', 'auto', 2), snap('a1', 'auto', 1)], 2, ['a1']],
    ['automatic ones before restore points', [snap('r', 'before-restore', 0), snap('a', 'auto', 5), snap('m', 'manual', 1)], 1, ['a', 'r']],
    ['the learner’s own only when nothing else is left', [snap('m1', 'manual', 1), snap('m2', 'manual', 2), snap('a', 'auto', 3)], 1, ['a', 'm1']],
    ['everything past the limit at once', [snap('a1', 'auto', 1), snap('a2', 'auto', 2), snap('a3', 'auto', 3), snap('a4', 'auto', 4)], 1, ['a1', 'a2', 'a3']],
  ])('%s', (_case, snapshots, keep, expected) => {
    expect(snapshotsToPrune(snapshots, keep)).toEqual(expected);
  });

  it('keeps 50 by default', () => {
    const many = Array.from({ length: 53 }, (_, index) => snap(`s${index}`, 'auto', index));
    expect(snapshotsToPrune(many)).toEqual(['s0', 's1', 's2']);
  });
});

describe('undo of a delete', () => {
  const deletedAt = new Date('2026-11-01T08:00:00Z');
  it.each([
    ['right after', new Date('2026-11-01T08:00:01Z'), true],
    ['29 days later', new Date('2026-11-30T08:00:00Z'), true],
    ['a second before 30 days', new Date('2026-12-01T07:59:59Z'), true],
    ['exactly 30 days later', new Date('2026-12-01T08:00:00Z'), false],
    ['a year later', new Date('2027-11-01T08:00:00Z'), false],
  ])('%s: %s', (_case, now, expected) => {
    expect(canUndoDelete(deletedAt, now)).toBe(expected);
  });

  it('ends 30 days after the delete', () => {
    expect(undoDeadline(deletedAt).toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });
});

describe('days left to restore', () => {
  const deletedAt = new Date('2026-11-01T08:00:00Z');
  it.each([
    ['right after the delete', new Date('2026-11-01T08:00:00Z'), 30],
    ['an hour later', new Date('2026-11-01T09:00:00Z'), 30],
    ['exactly one day later', new Date('2026-11-02T08:00:00Z'), 29],
    ['29 days and an hour later (under a day left counts as one)', new Date('2026-11-30T09:00:00Z'), 1],
    ['a second before the deadline', new Date('2026-12-01T07:59:59Z'), 1],
    ['at the deadline', new Date('2026-12-01T08:00:00Z'), 0],
    ['long after', new Date('2027-01-01T08:00:00Z'), 0],
  ])('%s: %s', (_case, now, expected) => {
    expect(daysLeftToRestore(deletedAt, now)).toBe(expected);
  });
});

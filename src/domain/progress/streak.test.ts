import fc from 'fast-check';
import { addDays, localDayOf } from './local-day';
import {
  completionInstant,
  countGoalDay,
  MAX_FREEZES_HELD,
  restorableDays,
  settleMissedDays,
  settlementToday,
  streakStats,
  type StreakDay,
} from './streak';

const counted = (...days: string[]): StreakDay[] => days.map((day) => ({ day, status: 'counted', reason: 'lesson' }));

describe('completionInstant (late offline syncs)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    ['no client time', null, now.toISOString(), false],
    ['a minute ago', '2026-11-23T11:59:00Z', '2026-11-23T11:59:00Z', true],
    ['two days ago, offline', '2026-11-21T12:00:00Z', '2026-11-21T12:00:00Z', true],
    ['exactly at the grace limit', '2026-11-20T12:00:00Z', '2026-11-20T12:00:00Z', true],
    ['older than the grace window', '2026-11-20T11:59:59Z', now.toISOString(), false],
    ['slightly ahead (clock skew)', '2026-11-23T12:05:00Z', now.toISOString(), true],
    ['far in the future', '2026-11-24T12:00:00Z', now.toISOString(), false],
  ])('%s', (_, client, expected, used) => {
    const result = completionInstant(client ? new Date(client) : null, now);
    expect(result.at.toISOString()).toBe(new Date(expected).toISOString());
    expect(result.usedClientTime).toBe(used);
  });
  it('counts an offline lesson on the day it happened in the learner’s zone', () => {
    const done = completionInstant(new Date('2026-11-22T23:30:00Z'), new Date('2026-11-23T08:00:00Z')).at;
    expect(localDayOf(done, 'Europe/London')).toBe('2026-11-22');
    expect(localDayOf(done, 'Europe/Berlin')).toBe('2026-11-23');
  });
});

describe('streakStats', () => {
  it.each([
    ['nothing yet', [], '2026-11-23', { current: 0, longest: 0, todayCounted: false }],
    ['today only', counted('2026-11-23'), '2026-11-23', { current: 1, longest: 1, todayCounted: true }],
    ['yesterday keeps the streak open today', counted('2026-11-21', '2026-11-22'), '2026-11-23', { current: 2, longest: 2, todayCounted: false }],
    ['a missed day ends it', counted('2026-11-20', '2026-11-21'), '2026-11-23', { current: 0, longest: 2, todayCounted: false }],
    ['longest survives a reset', counted('2026-11-01', '2026-11-02', '2026-11-03', '2026-11-22', '2026-11-23'), '2026-11-23', { current: 2, longest: 3, todayCounted: true }],
    ['across a month end', counted('2026-10-31', '2026-11-01'), '2026-11-01', { current: 2, longest: 2, todayCounted: true }],
  ])('%s', (_, days, today, expected) => {
    expect(streakStats(days, today)).toEqual(expected);
  });
  it('counts frozen and restored days in the run but not as "today counted"', () => {
    const days: StreakDay[] = [...counted('2026-11-20'), { day: '2026-11-21', status: 'frozen', reason: 'freeze' }, { day: '2026-11-22', status: 'restored', reason: 'make-up' }];
    expect(streakStats(days, '2026-11-22')).toEqual({ current: 3, longest: 3, todayCounted: false });
  });
  it('never loses a counted day when the time zone changes: days are stored, not recomputed', () => {
    // Counted in Tokyo on the 22nd, then the learner flies to Los Angeles where it is still the 21st.
    const days = counted('2026-11-21', '2026-11-22');
    const now = new Date('2026-11-22T05:00:00Z');
    const todayInLa = localDayOf(now, 'America/Los_Angeles');
    expect(todayInLa).toBe('2026-11-21');
    expect(streakStats(days, settlementToday(now, 'America/Los_Angeles', 'Asia/Tokyo')).current).toBe(1);
    // Once LA reaches the 22nd the stored day is still there.
    expect(streakStats(days, '2026-11-22').current).toBe(2);
  });
  it('property: adding a counted day never lowers the longest streak', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 30 }), fc.integer({ min: 0, max: 60 }), (offsets, extra) => {
        const base = '2026-09-01';
        const days = counted(...offsets.map((offset) => addDays(base, offset)));
        const today = addDays(base, 61);
        const before = streakStats(days, today).longest;
        const after = streakStats([...days, ...counted(addDays(base, extra))], today).longest;
        return after >= before;
      }),
    );
  });
});

describe('settlementToday (travel)', () => {
  const now = new Date('2026-11-23T23:30:00Z');
  it('uses the zone the learner is in when nothing changed', () => {
    expect(settlementToday(now, 'Europe/Berlin', null)).toBe('2026-11-24');
  });
  it('uses the earlier day right after flying east, so travel does not spend a freeze', () => {
    expect(settlementToday(now, 'Europe/Berlin', 'America/New_York')).toBe('2026-11-23');
  });
  it('flying west is already the earlier day', () => {
    expect(settlementToday(now, 'America/New_York', 'Europe/Berlin')).toBe('2026-11-23');
  });
});

describe('settleMissedDays (freezes used automatically)', () => {
  it.each([
    ['no history', [], '2026-11-23', 2, { kind: 'nothing' }],
    ['came back the next day', counted('2026-11-22'), '2026-11-23', 0, { kind: 'nothing' }],
    ['one missed day, one freeze', counted('2026-11-21'), '2026-11-23', 1, { kind: 'freeze', days: ['2026-11-22'] }],
    ['two missed days, two freezes', counted('2026-11-20'), '2026-11-23', 2, { kind: 'freeze', days: ['2026-11-21', '2026-11-22'] }],
    ['two missed days, one freeze: broken, freeze kept', counted('2026-11-20'), '2026-11-23', 1, { kind: 'broken', missedDays: ['2026-11-21', '2026-11-22'] }],
    ['missed with no freezes', counted('2026-11-21'), '2026-11-23', 0, { kind: 'broken', missedDays: ['2026-11-22'] }],
    ['today already counted after a gap', counted('2026-11-21', '2026-11-23'), '2026-11-23', 1, { kind: 'freeze', days: ['2026-11-22'] }],
  ])('%s', (_, days, today, freezes, expected) => {
    expect(settleMissedDays(days, today, freezes)).toEqual(expected);
  });
});

describe('restorableDays (48 hours, make-up lesson, never paid)', () => {
  it.each([
    ['the day after the first missed day', counted('2026-11-21'), '2026-11-23', ['2026-11-22']],
    ['still within 48 hours, having learned today', counted('2026-11-20', '2026-11-23'), '2026-11-23', ['2026-11-21', '2026-11-22']],
    ['48 hours after it broke: too late', counted('2026-11-19'), '2026-11-23', null],
    ['nothing broken', counted('2026-11-22', '2026-11-23'), '2026-11-23', null],
    ['no history', [], '2026-11-23', null],
    ['a new learner with one day only', counted('2026-11-23'), '2026-11-23', null],
  ])('%s', (_, days, today, expected) => {
    expect(restorableDays(days, today)).toEqual(expected);
  });
  it('a restored gap joins the runs again', () => {
    const days: StreakDay[] = [...counted('2026-11-20', '2026-11-21', '2026-11-23'), { day: '2026-11-22', status: 'restored', reason: 'make-up' }];
    expect(streakStats(days, '2026-11-23').current).toBe(4);
    expect(restorableDays(days, '2026-11-23')).toBeNull();
  });
});

describe('countGoalDay (earning freezes)', () => {
  it('earns one freeze per seven goal days, up to the cap', () => {
    let state = { goalDaysTowardFreeze: 0, freezesHeld: 0 };
    const earned: boolean[] = [];
    for (let day = 0; day < 28; day += 1) {
      const next = countGoalDay(state);
      earned.push(next.earnedFreeze);
      state = { goalDaysTowardFreeze: next.goalDaysTowardFreeze, freezesHeld: next.freezesHeld };
    }
    expect(earned.filter(Boolean)).toHaveLength(MAX_FREEZES_HELD);
    expect(earned[6]).toBe(true);
    expect(earned[13]).toBe(true);
    expect(earned[20]).toBe(false);
    expect(state.freezesHeld).toBe(MAX_FREEZES_HELD);
  });
});

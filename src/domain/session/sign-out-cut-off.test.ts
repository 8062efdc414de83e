import { issuedBeforeSignOut } from './sign-out-cut-off';

describe('issuedBeforeSignOut compares whole seconds at the sign-out second’s boundary', () => {
  const signOut = new Date('2026-11-23T10:00:05.400Z'); // second 1795428005
  const second = Math.floor(signOut.getTime() / 1000);
  it.each([
    ['a token of an earlier second', second - 1, true],
    ['a token of the sign-out’s own second (it may be from before it)', second, true],
    ['a token of the next second', second + 1, false],
    ['a much later token', second + 3600, false],
  ])('%s', (_label, issuedAt, before) => {
    expect(issuedBeforeSignOut(issuedAt, signOut)).toBe(before);
  });

  it.each([
    ['at the first instant of a second', '2026-11-23T10:00:05.000Z'],
    ['at the last instant of a second', '2026-11-23T10:00:05.999Z'],
  ])('a sign-out %s refuses that second and accepts the next', (_label, at) => {
    const date = new Date(at);
    const s = Math.floor(date.getTime() / 1000);
    expect([issuedBeforeSignOut(s, date), issuedBeforeSignOut(s + 1, date)]).toEqual([true, false]);
  });
});

import { analyticsLimitSubjects, type CollectorCaller } from './collector-limits';

describe('analyticsLimitSubjects', () => {
  it.each<[string, CollectorCaller, string[]]>([
    ['a learner: their id only (a class shares one address)', { userId: 'u1', anonymousId: 'visitor-abcdefghijkl', address: '203.0.113.7' }, ['analytics-visitor learner:u1']],
    ['a visitor with an anonymous id: the id and the address', { userId: null, anonymousId: 'visitor-abcdefghijkl', address: '203.0.113.7' }, ['analytics-visitor visitor:visitor-abcdefghijkl', 'analytics-address address:203.0.113.7']],
    ['a visitor without an id (marketing only): the address', { userId: null, anonymousId: null, address: '203.0.113.7' }, ['analytics-address address:203.0.113.7']],
    ['no known address still counts under one key', { userId: null, anonymousId: null, address: null }, ['analytics-address address:unknown']],
  ])('%s', (_, caller, expected) => {
    expect(analyticsLimitSubjects(caller).map(({ kind, subject }) => `${kind} ${subject}`)).toEqual(expected);
  });

  it('a made-up anonymous id never escapes the address count', () => {
    const kinds = ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'].map((anonymousId) => analyticsLimitSubjects({ userId: null, anonymousId, address: '198.51.100.1' }).find((each) => each.kind === 'analytics-address')?.subject);
    expect(kinds).toEqual(['address:198.51.100.1', 'address:198.51.100.1']);
  });
});

import { LEAGUE_GROUP_SIZE, LEAGUE_TIERS, rolloverOutcome, tierAfter, tierName } from './leagues';

describe('league rollover', () => {
  it.each([
    [{ rank: 1, groupSize: 30, tier: 0, xp: 300 }, 'promote'],
    [{ rank: 5, groupSize: 30, tier: 2, xp: 10 }, 'promote'],
    [{ rank: 6, groupSize: 30, tier: 2, xp: 10 }, 'stay'],
    [{ rank: 26, groupSize: 30, tier: 2, xp: 10 }, 'demote'],
    [{ rank: 30, groupSize: 30, tier: 0, xp: 10 }, 'stay'], // nothing below bronze
    [{ rank: 1, groupSize: 30, tier: LEAGUE_TIERS.length - 1, xp: 900 }, 'stay'], // nothing above the top
    [{ rank: 8, groupSize: 8, tier: 3, xp: 10 }, 'stay'], // small groups do not demote
    [{ rank: 2, groupSize: 3, tier: 1, xp: 10 }, 'promote'],
  ] as const)('%o → %s', (input, outcome) => {
    expect(rolloverOutcome(input)).toBe(outcome);
  });
  it('moves tiers one step', () => {
    expect(tierAfter(2, 'promote')).toBe(3);
    expect(tierAfter(2, 'demote')).toBe(1);
    expect(tierAfter(2, 'stay')).toBe(2);
    expect(tierName(0)).toBe('bronze');
    expect(tierName(99)).toBe('diamond');
    expect(LEAGUE_GROUP_SIZE).toBe(30);
  });
});

/** Weekly leagues (Monday 00:00 UTC to Monday): groups of up to 30 learners by XP earned that week. */
export const LEAGUE_TIERS = ['bronze', 'silver', 'gold', 'sapphire', 'ruby', 'diamond'] as const;
export type LeagueTier = (typeof LEAGUE_TIERS)[number];
export const LEAGUE_GROUP_SIZE = 30;
export const PROMOTED_PER_GROUP = 5;
export const DEMOTED_PER_GROUP = 5;
/** Smaller groups only promote: demoting from a half-empty group would be unfair. */
export const MIN_GROUP_SIZE_FOR_DEMOTION = 15;

export type RolloverOutcome = 'promote' | 'stay' | 'demote';

export function tierName(tier: number): LeagueTier {
  return LEAGUE_TIERS[Math.min(Math.max(tier, 0), LEAGUE_TIERS.length - 1)] ?? 'bronze';
}

/** What a finished week means for one member, by rank (1 = most XP) in a group of `groupSize`. */
export function rolloverOutcome(input: { rank: number; groupSize: number; tier: number; xp: number }): RolloverOutcome {
  const top = LEAGUE_TIERS.length - 1;
  if (input.rank <= PROMOTED_PER_GROUP && input.xp > 0 && input.tier < top) return 'promote';
  if (input.groupSize >= MIN_GROUP_SIZE_FOR_DEMOTION && input.rank > input.groupSize - DEMOTED_PER_GROUP && input.tier > 0) return 'demote';
  return 'stay';
}

export function tierAfter(tier: number, outcome: RolloverOutcome): number {
  return outcome === 'promote' ? tier + 1 : outcome === 'demote' ? tier - 1 : tier;
}

import type { AnalyticsEventName } from './events';

/**
 * The funnels of the engineers' view (docs/analytics.md). Each is a few catalogue events in the
 * order a person meets them. Onboarding: an account, a first lesson opened, a first lesson passed.
 * Paywall: the Pro page shown to a free learner, a checkout opened, a purchase seen.
 */
export const FUNNELS = {
  onboarding: { title: 'Onboarding', steps: ['sign_up', 'lesson_started', 'lesson_passed'] },
  paywall: { title: 'Paywall', steps: ['paywall_viewed', 'checkout_started', 'purchase'] },
} as const satisfies Record<string, { title: string; steps: readonly AnalyticsEventName[] }>;

export type FunnelId = keyof typeof FUNNELS;
export const FUNNEL_IDS = Object.keys(FUNNELS) as FunnelId[];
/** Every event some funnel needs (what the repository reads first occurrences of). */
export const FUNNEL_EVENT_NAMES: AnalyticsEventName[] = [...new Set(FUNNEL_IDS.flatMap((id) => FUNNELS[id].steps))];

/** A person's first event of one name in the window: one row per person and name, however many they sent. */
export interface FirstOccurrence {
  /** A learner id or a visitor's anonymous id (prefixed so the two never meet). */
  actor: string;
  name: AnalyticsEventName;
  /** Epoch milliseconds. */
  at: number;
}

export interface FunnelStepCount {
  name: AnalyticsEventName;
  /** Distinct people who reached this step. */
  people: number;
  /** Percent of the previous step's people (one decimal); null for the first step or after nobody. */
  fromPrevious: number | null;
  /** Percent of the first step's people (one decimal); null for the first step or when nobody started. */
  fromFirst: number | null;
}

export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/**
 * Distinct people per step. A person reaches step k when they reached step k - 1 and their first
 * event of step k came at or after their first of step k - 1 (the same instant counts: one batch
 * can carry both). Only first occurrences are read, so a burst of one event from one person is
 * one person, and a step done before its predecessor (a checkout opened from an old link, then
 * the paywall) does not count as coming from it.
 */
export function funnelCounts(steps: readonly AnalyticsEventName[], firsts: readonly FirstOccurrence[]): FunnelStepCount[] {
  const byActor = new Map<string, Map<AnalyticsEventName, number>>();
  for (const { actor, name, at } of firsts) {
    const own = byActor.get(actor) ?? new Map<AnalyticsEventName, number>();
    const known = own.get(name);
    if (known === undefined || at < known) own.set(name, at);
    byActor.set(actor, own);
  }
  const reached = steps.map(() => 0);
  for (const own of byActor.values()) {
    let previous = -Infinity;
    for (const [index, step] of steps.entries()) {
      const at = own.get(step);
      if (at === undefined || at < previous) break;
      reached[index] = (reached[index] ?? 0) + 1;
      previous = at;
    }
  }
  return steps.map((name, index) => {
    const people = reached[index] ?? 0;
    return {
      name,
      people,
      fromPrevious: index === 0 ? null : percent(people, reached[index - 1] ?? 0),
      fromFirst: index === 0 ? null : percent(people, reached[0] ?? 0),
    };
  });
}

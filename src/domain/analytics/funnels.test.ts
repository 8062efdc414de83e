import { FUNNELS, funnelCounts, percent, type FirstOccurrence } from './funnels';

const T = Date.UTC(2026, 10, 24, 9, 0, 0);
const minutes = (count: number) => T + count * 60_000;
const paywall = FUNNELS.paywall.steps;
const person = (actor: string, ...steps: [FirstOccurrence['name'], number][]): FirstOccurrence[] => steps.map(([name, at]) => ({ actor, name, at }));
const people = (firsts: FirstOccurrence[]) => funnelCounts(paywall, firsts).map((step) => step.people);

describe('funnelCounts', () => {
  it.each<[string, FirstOccurrence[], number[]]>([
    ['nobody', [], [0, 0, 0]],
    ['one person through every step', person('learner:a', ['paywall_viewed', minutes(0)], ['checkout_started', minutes(1)], ['purchase', minutes(5)]), [1, 1, 1]],
    ['steps in one batch (the same instant) count', person('learner:a', ['paywall_viewed', T], ['checkout_started', T], ['purchase', T]), [1, 1, 1]],
    ['a person who stops after the paywall', person('learner:a', ['paywall_viewed', T]), [1, 0, 0]],
    ['a checkout before the first paywall view is not from the paywall', person('learner:a', ['checkout_started', minutes(0)], ['paywall_viewed', minutes(1)], ['purchase', minutes(2)]), [1, 0, 0]],
    ['a step skipped ends the person there', person('learner:a', ['paywall_viewed', minutes(0)], ['purchase', minutes(1)]), [1, 0, 0]],
    ['a purchase without a paywall view is nobody in this funnel', person('learner:a', ['purchase', T]), [0, 0, 0]],
    [
      'people are counted apart',
      [...person('learner:a', ['paywall_viewed', T], ['checkout_started', minutes(1)]), ...person('learner:b', ['paywall_viewed', T]), ...person('visitor:x', ['paywall_viewed', T], ['checkout_started', minutes(2)], ['purchase', minutes(3)])],
      [3, 2, 1],
    ],
    // Should the repository ever hand over more than the first occurrence, only the earliest counts.
    ['a burst of one event from one person is one person', Array.from({ length: 500 }, (_, index) => ({ actor: 'learner:a', name: 'paywall_viewed' as const, at: minutes(index) })), [1, 0, 0]],
    ['the earliest of repeated rows decides the order', person('learner:a', ['checkout_started', minutes(3)], ['paywall_viewed', minutes(5)], ['paywall_viewed', minutes(1)]), [1, 1, 0]],
  ])('%s', (_, firsts, expected) => {
    expect(people(firsts)).toEqual(expected);
  });

  it('gives conversions step to step and from the first step, one decimal', () => {
    const firsts = [
      ...person('a', ['paywall_viewed', T], ['checkout_started', T], ['purchase', T]),
      ...person('b', ['paywall_viewed', T], ['checkout_started', T]),
      ...person('c', ['paywall_viewed', T], ['checkout_started', T]),
    ];
    expect(funnelCounts(paywall, firsts)).toEqual([
      { name: 'paywall_viewed', people: 3, fromPrevious: null, fromFirst: null },
      { name: 'checkout_started', people: 3, fromPrevious: 100, fromFirst: 100 },
      { name: 'purchase', people: 1, fromPrevious: 33.3, fromFirst: 33.3 },
    ]);
  });

  it('has no conversion after a step nobody reached', () => {
    expect(funnelCounts(FUNNELS.onboarding.steps, person('a', ['lesson_started', T]))).toEqual([
      { name: 'sign_up', people: 0, fromPrevious: null, fromFirst: null },
      { name: 'lesson_started', people: 0, fromPrevious: null, fromFirst: null },
      { name: 'lesson_passed', people: 0, fromPrevious: null, fromFirst: null },
    ]);
  });
});

describe('percent', () => {
  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [0, 5, 0],
    [5, 5, 100],
    [1, 0, null],
  ])('%d of %d is %p', (part, whole, expected) => {
    expect(percent(part, whole)).toBe(expected);
  });
});

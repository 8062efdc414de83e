import { analyticsSummarySchema, summaryFunnels, summaryTable, type SummaryGroup } from './summary';

const days = ['2026-11-23', '2026-11-24'];
const group = (name: string | null, day: string | null, events: number, people: number, learners = people, visitors = 0): SummaryGroup => ({ name, day, events, people, learners, visitors });

describe('summaryTable', () => {
  const table = summaryTable(days, [
    group('lesson_started', '2026-11-23', 40, 1),
    group('lesson_started', '2026-11-24', 2, 2),
    group('lesson_started', null, 42, 2, 2, 0),
    group('sign_up', '2026-11-24', 1, 1, 0, 1),
    group('sign_up', null, 1, 1, 0, 1),
    group(null, '2026-11-23', 40, 1),
    group(null, '2026-11-24', 3, 3),
    group(null, null, 43, 3, 2, 1),
  ]);

  it('has every catalogue event as a row, in catalogue order, with zeros where nothing came', () => {
    expect(table.rows.map((row) => row.name).slice(0, 3)).toEqual(['sign_up', 'lesson_started', 'lesson_passed']);
    expect(table.rows.find((row) => row.name === 'lesson_passed')).toEqual({ name: 'lesson_passed', perDay: [{ events: 0, people: 0 }, { events: 0, people: 0 }], total: { events: 0, learners: 0, visitors: 0 } });
  });

  it('puts each count under its day, the window totals beside it, and the day totals below', () => {
    expect(table.rows.find((row) => row.name === 'lesson_started')).toEqual({
      name: 'lesson_started',
      perDay: [
        { events: 40, people: 1 },
        { events: 2, people: 2 },
      ],
      total: { events: 42, learners: 2, visitors: 0 },
    });
    expect(table.rows.find((row) => row.name === 'sign_up')?.perDay).toEqual([
      { events: 0, people: 0 },
      { events: 1, people: 1 },
    ]);
    expect(table.dayTotals).toEqual([
      { events: 40, people: 1 },
      { events: 3, people: 3 },
    ]);
    expect(table.total).toEqual({ events: 43, learners: 2, visitors: 1 });
  });

  it('is all zeros for an empty store', () => {
    const empty = summaryTable(days, []);
    expect(empty.total).toEqual({ events: 0, learners: 0, visitors: 0 });
    expect(empty.dayTotals).toEqual([
      { events: 0, people: 0 },
      { events: 0, people: 0 },
    ]);
    expect(empty.rows.every((row) => row.total.events === 0)).toBe(true);
  });

  it('makes a summary the API schema accepts', () => {
    const summary = { window: { days: 14, timeZone: 'UTC', dayList: days }, ...table, funnels: summaryFunnels([]) };
    expect(analyticsSummarySchema.parse(summary)).toEqual(summary);
  });
});

describe('summaryFunnels', () => {
  it('reports every funnel from the same first occurrences', () => {
    const T = Date.UTC(2026, 10, 24);
    const funnels = summaryFunnels([
      { actor: 'learner:a', name: 'sign_up', at: T },
      { actor: 'learner:a', name: 'lesson_started', at: T + 1 },
      { actor: 'learner:a', name: 'paywall_viewed', at: T + 2 },
    ]);
    expect(funnels.map((funnel) => [funnel.id, funnel.steps.map((step) => step.people)])).toEqual([
      ['onboarding', [1, 1, 0]],
      ['paywall', [1, 0, 0]],
    ]);
  });
});

import { render, screen, within } from '@testing-library/react';
import { summaryFunnels, summaryTable, type AnalyticsSummary } from '@/domain/analytics/summary';
import { EventDayTable } from './event-day-table';

const dayList = ['2026-11-23', '2026-11-24'];
const summary: AnalyticsSummary = {
  window: { days: 7, timeZone: 'Europe/Berlin', dayList },
  ...summaryTable(dayList, [
    { name: 'lesson_started', day: '2026-11-23', events: 1200, people: 1, learners: 1, visitors: 0 },
    { name: 'lesson_started', day: '2026-11-24', events: 3, people: 2, learners: 1, visitors: 1 },
    { name: 'lesson_started', day: null, events: 1203, people: 2, learners: 1, visitors: 1 },
    { name: null, day: '2026-11-23', events: 1200, people: 1, learners: 1, visitors: 0 },
    { name: null, day: '2026-11-24', events: 3, people: 2, learners: 1, visitors: 1 },
    { name: null, day: null, events: 1203, people: 2, learners: 1, visitors: 1 },
  ]),
  funnels: summaryFunnels([]),
};

const cellsOf = (name: string) =>
  within(screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('EventDayTable', () => {
  it('is a captioned table naming the window and the zone, with day columns and event rows', () => {
    render(<EventDayTable summary={summary} kind="events" zoneLabel="Europe/Berlin" />);
    const table = screen.getByRole('table', { name: 'Events per event and day, last 7 days (23 Nov to 24 Nov), days in Europe/Berlin' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Event', 'Mon 23 Nov', 'Tue 24 Nov', 'Total', 'Learners', 'Visitors']);
    expect(within(table).getAllByRole('columnheader').every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(within(table).getAllByRole('rowheader').every((header) => header.getAttribute('scope') === 'row')).toBe(true);
    expect(screen.getByRole('region', { name: 'Events per day (scrolls sideways)' })).toHaveAttribute('tabindex', '0');
  });

  it('shows events per day, the window total, learners and visitors; the all-events row last', () => {
    render(<EventDayTable summary={summary} kind="events" zoneLabel="UTC" />);
    expect(cellsOf('lesson_started')).toEqual(['1,200', '3', '1,203', '1', '1']);
    expect(cellsOf('purchase')).toEqual(['0', '0', '0', '0', '0']);
    expect(cellsOf('All events')).toEqual(['1,200', '3', '1,203', '1', '1']);
  });

  it('in people mode a burst is one person, and the total is distinct people over the window', () => {
    render(<EventDayTable summary={summary} kind="people" zoneLabel="UTC" />);
    expect(screen.getByRole('table', { name: /^Distinct people per event and day/ })).toBeInTheDocument();
    expect(cellsOf('lesson_started')).toEqual(['1', '2', '2', '1', '1']);
  });
});

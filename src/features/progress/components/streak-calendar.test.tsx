import { render, screen } from '@testing-library/react';
import { StreakCalendar } from './streak-calendar';

const day = (date: string, status: 'counted' | 'frozen' | 'restored' | null, reason: string | null = null, goalMet = false) => ({ day: date, status, reason, xp: 0, goalMet });

describe('StreakCalendar', () => {
  it('names every day with its status and why, for screen readers', () => {
    render(
      <StreakCalendar
        today="2026-11-25"
        calendar={[
          day('2026-11-23', 'counted', 'Lesson "Say hello"', true),
          day('2026-11-24', 'frozen', 'A streak freeze covered this missed day'),
          day('2026-11-25', 'restored', 'Restored with a make-up review of "Say hello"'),
        ]}
      />,
    );
    expect(screen.getByRole('listitem', { name: /23 November 2026: Lesson done \(Lesson "Say hello"\), daily goal met/ })).toHaveAttribute('data-status', 'counted');
    expect(screen.getByRole('listitem', { name: /24 November 2026: Covered by a streak freeze/ })).toHaveAttribute('data-status', 'frozen');
    expect(screen.getByRole('listitem', { name: /25 November 2026: Restored with a make-up review/ })).toHaveAttribute('data-today', 'true');
  });

  it('starts the grid on the right weekday (Monday first)', () => {
    const { container } = render(<StreakCalendar today="2026-11-25" calendar={[day('2026-11-25', null)]} />);
    // 25 November 2026 is a Wednesday: two empty cells (Mon, Tue) before it, after the 7 headings.
    const cells = container.querySelectorAll('[role="list"] > span');
    expect(cells[7]?.getAttribute('aria-hidden')).toBe('true');
    expect(cells[8]?.getAttribute('aria-hidden')).toBe('true');
    expect(cells[9]).toHaveAttribute('aria-label', '25 November 2026: No lesson');
  });

  it.each([
    ['within one month', ['2026-11-02', '2026-11-03'], 'November 2026', ['Nov']],
    ['across a month', ['2026-10-31', '2026-11-01', '2026-11-02'], 'October – November 2026', ['Oct', 'Nov']],
    ['across a year', ['2026-12-31', '2027-01-01'], 'December 2026 – January 2027', ['Dec', 'Jan']],
  ])('names the months %s', (_case, days, caption, marks) => {
    const { container } = render(<StreakCalendar today={days[0] ?? ''} calendar={days.map((date) => day(date, null))} />);
    expect(screen.getByText(caption)).toBeInTheDocument();
    expect([...container.querySelectorAll('[role="listitem"] > span')].map((mark) => mark.textContent)).toEqual(marks);
  });
});

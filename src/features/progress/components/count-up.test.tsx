import { render, screen } from '@testing-library/react';
import { CountUp } from './count-up';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() }));
}

describe('CountUp', () => {
  it('shows the final number at once when the learner prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<CountUp from={10} to={35} />);
    const counter = screen.getByTestId('count-up');
    expect(counter.querySelector('[aria-hidden="true"]')).toHaveTextContent('35');
    expect(counter).not.toHaveAttribute('aria-label');
  });

  it('starts from the previous figure and announces only the final one', () => {
    mockReducedMotion(false);
    render(<CountUp from={10} to={35} />);
    const counter = screen.getByTestId('count-up');
    expect(counter.querySelector('[aria-hidden="true"]')).toHaveTextContent('10');
    expect(counter.querySelector('.visually-hidden')).toHaveTextContent('35');
  });
});

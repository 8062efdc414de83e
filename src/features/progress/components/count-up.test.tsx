import { render, screen } from '@testing-library/react';
import { CountUp } from './count-up';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() }));
}

describe('CountUp', () => {
  it('shows the final number at once when the learner prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<CountUp from={10} to={35} />);
    expect(screen.getByLabelText('35')).toHaveTextContent('35');
  });

  it('starts from the previous figure and announces only the final one', () => {
    mockReducedMotion(false);
    render(<CountUp from={10} to={35} />);
    const counter = screen.getByLabelText('35');
    expect(counter).toHaveTextContent('10');
  });
});

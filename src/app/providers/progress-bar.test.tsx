import { act, render } from '@testing-library/react';
import { RouteProgressBar } from './progress-bar';

type Handler = (url: string, options: { shallow: boolean }) => void;
const handlers = new Map<string, Handler>();
jest.mock('next/router', () => ({
  useRouter: () => ({
    events: {
      on: (name: string, handler: Handler) => handlers.set(name, handler),
      off: (name: string) => handlers.delete(name),
    },
  }),
}));

describe('RouteProgressBar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a bar without an invalid ARIA role (nprogress ships role="bar"), hidden from assistive technology', () => {
    render(<RouteProgressBar />);
    act(() => {
      handlers.get('routeChangeStart')?.('/web/leaderboard', { shallow: false });
      jest.advanceTimersByTime(200);
    });
    const root = document.getElementById('nprogress');
    expect(root).not.toBeNull();
    expect(root?.querySelector('.bar')).toHaveAttribute('aria-hidden', 'true');
    expect(root?.querySelectorAll('[role]')).toHaveLength(0);
    expect(root?.querySelector('.spinner')).toBeNull();
    act(() => {
      handlers.get('routeChangeComplete')?.('/web/leaderboard', { shallow: false });
      jest.advanceTimersByTime(1000);
    });
  });
});

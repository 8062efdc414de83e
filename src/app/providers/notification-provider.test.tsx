import { act, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { NotificationProvider, useNotifications } from './notification-provider';

jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/web/library' }) }));
jest.mock('@/lib/cookies/notification-cookie-jar', () => ({ takeNotificationCookie: () => null }));

/** Sends its notification on every render, as a reminder re-worded on a timer does. */
function Sender({ message, onRender }: { message: string; onRender: () => void }) {
  const { notify } = useNotifications();
  const renders = useRef(0);
  renders.current += 1;
  onRender();
  useEffect(() => {
    notify({ id: 'reminder', route: '/web/library', kind: 'info', message, link: { href: '/web/events#event-e1', label: 'See the events' } });
  });
  return null;
}

describe('NotificationProvider', () => {
  it('shows a notification’s link as a real link after its message', () => {
    render(
      <NotificationProvider>
        <Sender message="E1 is on now, until 7:00 PM. You joined it." onRender={() => undefined} />
      </NotificationProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('E1 is on now, until 7:00 PM. You joined it. See the events');
    expect(screen.getByRole('link', { name: 'See the events' })).toHaveAttribute('href', '/web/events#event-e1');
  });

  it('changes nothing when the same notification is sent again (no render loop), and replaces it when its text changes', () => {
    const onRender = jest.fn();
    const { rerender } = render(
      <NotificationProvider>
        <Sender message="E1 starts in 2 minutes." onRender={onRender} />
      </NotificationProvider>,
    );
    // The first render, then one more after the notification was added; then it settles.
    expect(onRender.mock.calls.length).toBeLessThanOrEqual(3);
    act(() =>
      rerender(
        <NotificationProvider>
          <Sender message="E1 starts in 1 minute." onRender={onRender} />
        </NotificationProvider>,
      ),
    );
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('E1 starts in 1 minute.');
  });
});

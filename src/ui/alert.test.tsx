import { fireEvent, render, screen } from '@testing-library/react';
import { Alert } from './alert';

describe('Alert', () => {
  it('uses role="alert" for errors', () => {
    render(
      <Alert kind="error" title="Sign in failed">
        Check your password and try again.
      </Alert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Sign in failed');
    expect(alert).toHaveTextContent('Check your password and try again.');
  });

  it.each(['success', 'info', 'warning'] as const)('uses role="status" for %s', (kind) => {
    render(<Alert kind={kind}>All good</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('All good');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders a Dismiss button only with onDismiss', () => {
    const onDismiss = jest.fn();
    const { rerender } = render(<Alert kind="info">Heads up</Alert>);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    rerender(
      <Alert kind="info" onDismiss={onDismiss}>
        Heads up
      </Alert>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

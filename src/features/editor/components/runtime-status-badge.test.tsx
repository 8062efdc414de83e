import { act, render, screen } from '@testing-library/react';
import { pythonProgress } from '@/runner/browser/runtime-progress';
import { RuntimeStatusBadge } from './runtime-status-badge';

describe('RuntimeStatusBadge', () => {
  afterEach(() => act(() => pythonProgress.set({ status: 'idle', stage: null, loadedBytes: 0, totalBytes: 0 })));

  it('shows the real download as a progress bar while Python loads', () => {
    act(() => pythonProgress.set({ status: 'loading', stage: 'download', loadedBytes: 6_000_000, totalBytes: 12_000_000 }));
    render(<RuntimeStatusBadge status="loading" />);
    expect(screen.getByRole('status')).toHaveTextContent('Downloading Python…');
    const bar = screen.getByRole('progressbar', { name: 'Python loading' });
    expect(bar).toHaveAttribute('aria-valuenow', '43');
    expect(bar).toHaveAttribute('aria-valuetext', '43% (6.0 of 12.0 MB)');
    act(() => pythonProgress.set({ loadedBytes: 12_000_000, stage: 'start' }));
    expect(screen.getByRole('status')).toHaveTextContent('Starting Python…');
    expect(bar).toHaveAttribute('aria-valuenow', '85');
  });

  it('says when Python failed and shows nothing once it is ready', () => {
    const { rerender } = render(<RuntimeStatusBadge status="failed" />);
    expect(screen.getByRole('status')).toHaveTextContent('Python could not start');
    rerender(<RuntimeStatusBadge status="ready" />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

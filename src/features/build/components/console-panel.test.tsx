import { fireEvent, render, screen } from '@testing-library/react';
import { INPUT_LIMIT_CHARS } from '@/runner/browser/sandbox-messages';
import { ConsolePanel } from './console-panel';

/** The console where a Python program's input() is answered (the build area). */
describe('ConsolePanel with a waiting input()', () => {
  it('shows the prompt as the label of a focused field, and Enter gives the typed line', () => {
    const answer = jest.fn();
    render(<ConsolePanel lines={[{ level: 'log', text: 'Welcome' }]} empty="Press Run" question={{ prompt: 'Your name? ', answer }} />);
    expect(screen.getByTestId('project-console')).toHaveTextContent('Welcome');
    const field = screen.getByRole('textbox', { name: 'Your name?' });
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Your program is waiting. Type a line and press Enter.');
    expect(field).toHaveAttribute('maxLength', String(INPUT_LIMIT_CHARS));
    fireEvent.change(field, { target: { value: 'Ada' } });
    fireEvent.submit(field);
    expect(answer).toHaveBeenCalledWith('Ada');
  });

  it('Send gives the line too, and an empty line is a line', () => {
    const answer = jest.fn();
    render(<ConsolePanel lines={[]} empty="Press Run" question={{ prompt: '', answer }} />);
    // No prompt: the field still has a name, and the empty console text is not shown.
    expect(screen.queryByText('Press Run')).toBeNull();
    screen.getByRole('textbox', { name: 'Your program is waiting for you to type a line' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(answer).toHaveBeenCalledWith('');
  });

  it('has no field when nothing waits', () => {
    render(<ConsolePanel lines={[]} empty="Press Run to see what your program prints." />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('project-console')).toHaveTextContent('Press Run to see what your program prints.');
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CodeEditor } from './index';

/**
 * The editor's entry shows the code at once and builds CodeMirror only when the learner first
 * reaches for it; what they typed meanwhile is not lost.
 */
describe('CodeEditor (entry)', () => {
  const props = { value: 'print(1)', language: 'python', readOnly: false, label: 'main.py code editor' };

  it('shows the code in a stand-in named like the editor, and builds no editor until it is reached', async () => {
    const { container } = render(<CodeEditor {...props} onChange={() => undefined} />);
    const stand = screen.getByRole('textbox', { name: 'main.py code editor' });
    expect(stand).toHaveAttribute('aria-multiline', 'true');
    expect(stand).toHaveAttribute('tabindex', '0');
    expect(stand.textContent).toContain('print(1)');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.querySelector('.cm-editor')).toBeNull();
  });

  it('builds the editor on focus and types what the learner typed while it loaded, then keeps the focus there', async () => {
    const changes: string[] = [];
    const { container } = render(<CodeEditor {...props} onChange={(value) => changes.push(value)} />);
    const stand = screen.getByRole('textbox', { name: 'main.py code editor' });
    stand.focus();
    fireEvent.keyDown(stand, { key: 'x' });
    fireEvent.keyDown(stand, { key: 'Enter' });
    // Shortcuts and Tab are not typed (Tab still leaves the editor).
    fireEvent.keyDown(stand, { key: 'a', ctrlKey: true });
    expect(fireEvent.keyDown(stand, { key: 'Tab' })).toBe(true);
    await waitFor(() => expect(container.querySelector('.cm-content')).not.toBeNull(), { timeout: 10_000 });
    expect(changes.at(-1)).toBe('x\nprint(1)');
    expect(document.activeElement).toBe(container.querySelector('.cm-content'));
  });

  it('read-only code is reached like editable code, but nothing is typed into it', async () => {
    const changes: string[] = [];
    const { container } = render(<CodeEditor {...props} readOnly onChange={(value) => changes.push(value)} />);
    const stand = screen.getByRole('textbox', { name: 'main.py code editor' });
    expect(stand).toHaveAttribute('aria-readonly', 'true');
    fireEvent.pointerDown(stand, { clientX: 10, clientY: 10 });
    fireEvent.keyDown(stand, { key: 'x' });
    await waitFor(() => expect(container.querySelector('.cm-content')).not.toBeNull(), { timeout: 10_000 });
    expect(changes).toEqual([]);
  });

  it('a tapped symbol builds the editor and is typed there (the row works before the editor does)', async () => {
    const changes: string[] = [];
    const { container } = render(<CodeEditor {...props} onChange={(value) => changes.push(value)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert opening parenthesis' }));
    await waitFor(() => expect(container.querySelector('.cm-content')).not.toBeNull(), { timeout: 10_000 });
    expect(changes.at(-1)).toBe('(print(1)');
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CodeEditor } from './index';

// The editor's files cannot be fetched (offline before they were ever downloaded).
let available = false;
jest.mock('./components/code-editor', () => {
  if (!available) throw new Error('ChunkLoadError: Loading chunk failed (offline)');
  return { __esModule: true, default: () => <div className="cm-editor">editor</div> };
});

describe('CodeEditor when the editor cannot load', () => {
  it('gives the learner a plain text box for the code, focused, and the editor once back online', async () => {
    const changes: string[] = [];
    render(<CodeEditor value={'print(1)'} language="python" readOnly={false} label="main.py code editor" onChange={(value) => changes.push(value)} />);
    fireEvent.pointerDown(screen.getByRole('textbox', { name: 'main.py code editor' }));
    const plain = await screen.findByRole('textbox', { name: 'main.py code editor' }, { timeout: 5_000 }).then(async () => {
      await waitFor(() => expect(document.querySelector('textarea')).not.toBeNull());
      return document.querySelector('textarea') as HTMLTextAreaElement;
    });
    expect(plain).toHaveValue('print(1)');
    expect(document.activeElement).toBe(plain);
    fireEvent.change(plain, { target: { value: 'print(2)' } });
    expect(changes).toEqual(['print(2)']);

    jest.resetModules();
    available = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(document.querySelector('.cm-editor')).not.toBeNull());
  });
});

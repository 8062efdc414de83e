import { render, screen, fireEvent } from '@testing-library/react';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { history } from '@codemirror/commands';
import { loadLanguageSetup } from '../extensions/language-setup';
import { SYMBOL_KEYS, SymbolRow } from './symbol-row';

async function editor(doc: string, language: string) {
  return new EditorView({ state: EditorState.create({ doc, selection: EditorSelection.cursor(doc.length), extensions: [await loadLanguageSetup(language), history()] }), parent: document.body });
}

describe('SymbolRow', () => {
  it('inserts each symbol at the cursor and keeps the editor focused', async () => {
    const view = await editor('print', 'python');
    render(<SymbolRow view={view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert opening parenthesis' }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert double quote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert double quote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert closing parenthesis' }));
    expect(view.state.doc.toString()).toBe('print("")');
    expect(view.hasFocus).toBe(true);
    view.destroy();
  });

  it('replaces a selection, as typing would', async () => {
    const view = await editor('a + b', 'python');
    view.dispatch({ selection: EditorSelection.range(2, 3) });
    render(<SymbolRow view={view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert equals sign' }));
    expect(view.state.doc.toString()).toBe('a = b');
    view.destroy();
  });

  it.each([
    ['python', '    '],
    ['javascript', '  '],
  ])('Tab inserts one %s indent', async (language, indent) => {
    const view = await editor('', language);
    render(<SymbolRow view={view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert an indent' }));
    expect(view.state.doc.toString()).toBe(indent);
    view.destroy();
  });

  it('undoes the last change', async () => {
    const view = await editor('x', 'python');
    render(<SymbolRow view={view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert colon' }));
    expect(view.state.doc.toString()).toBe('x:');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(view.state.doc.toString()).toBe('x');
    view.destroy();
  });

  it('names every key and does not take the focus on press', async () => {
    const view = await editor('', 'python');
    render(<SymbolRow view={view} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(SYMBOL_KEYS.length);
    expect(new Set(buttons.map((button) => button.getAttribute('aria-label'))).size).toBe(SYMBOL_KEYS.length);
    const pointerDown = new Event('mousedown', { bubbles: true, cancelable: true });
    buttons[0]?.dispatchEvent(pointerDown);
    expect(pointerDown.defaultPrevented).toBe(true);
    view.destroy();
  });
});

import { render, screen, fireEvent } from '@testing-library/react';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { history } from '@codemirror/commands';
import { languageSetup } from '../extensions/language-setup';
import { SYMBOL_KEYS, SymbolRow } from './symbol-row';

function editor(doc: string, language: string) {
  return new EditorView({ state: EditorState.create({ doc, selection: EditorSelection.cursor(doc.length), extensions: [languageSetup(language), history()] }), parent: document.body });
}

describe('SymbolRow', () => {
  it('inserts each symbol at the cursor and keeps the editor focused', () => {
    const view = editor('print', 'python');
    render(<SymbolRow view={view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert opening parenthesis' }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert double quote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert double quote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert closing parenthesis' }));
    expect(view.state.doc.toString()).toBe('print("")');
    expect(view.hasFocus).toBe(true);
    view.destroy();
  });

  it('replaces a selection, as typing would', () => {
    const view = editor('a + b', 'python');
    view.dispatch({ selection: EditorSelection.range(2, 3) });
    render(<SymbolRow view={view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert equals sign' }));
    expect(view.state.doc.toString()).toBe('a = b');
    view.destroy();
  });

  it.each([
    ['python', '    '],
    ['javascript', '  '],
  ])('Tab inserts one %s indent', (language, indent) => {
    const view = editor('', language);
    render(<SymbolRow view={view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert an indent' }));
    expect(view.state.doc.toString()).toBe(indent);
    view.destroy();
  });

  it('undoes the last change', () => {
    const view = editor('x', 'python');
    render(<SymbolRow view={view} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert colon' }));
    expect(view.state.doc.toString()).toBe('x:');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(view.state.doc.toString()).toBe('x');
    view.destroy();
  });

  it('names every key and does not take the focus on press', () => {
    const view = editor('', 'python');
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

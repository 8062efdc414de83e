/**
 * @jest-environment jsdom
 */
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { insertNewlineAndIndent, indentMore } from '@codemirror/commands';
import { forceParsing } from '@codemirror/language';
import { loadLanguageSetup } from './language-setup';

async function editorAtEnd(doc: string, language: string) {
  const view = new EditorView({ state: EditorState.create({ doc, selection: EditorSelection.cursor(doc.length), extensions: await loadLanguageSetup(language) }), parent: document.body });
  // The first parse has a small time budget; on a busy machine it may not have finished yet.
  forceParsing(view, doc.length, 5000);
  return view;
}

describe('indentation per language', () => {
  it.each([
    ['python', 'if x:', 'if x:\n    '],
    ['python', 'def greet(name):', 'def greet(name):\n    '],
    ['javascript', 'if (x) {', 'if (x) {\n  '],
    ['css', 'h1 {', 'h1 {\n  '],
    ['html', '<ul>', '<ul>\n  '],
  ])('%s: Enter after %j indents by the language unit', async (language, start, expected) => {
    const view = await editorAtEnd(start, language);
    insertNewlineAndIndent(view);
    expect(view.state.doc.toString().startsWith(expected)).toBe(true);
    view.destroy();
  });

  it.each([
    ['python', '    x = 1'],
    ['sql', '  SELECT 1'],
  ])('%s: Tab indents by the language unit', async (language, expected) => {
    const view = await editorAtEnd(expected.trim(), language);
    indentMore(view);
    expect(view.state.doc.toString()).toBe(expected);
    view.destroy();
  });
});

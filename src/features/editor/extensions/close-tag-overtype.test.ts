/**
 * @jest-environment jsdom
 */
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { html } from '@codemirror/lang-html';
import { closeTagOvertype } from './close-tag-overtype';

/** Types as a keyboard does: each character through the view's input handlers (autoCloseTags is one). */
function type(view: EditorView, text: string) {
  for (const character of text) {
    const { from, to } = view.state.selection.main;
    const handled = view.state.facet(EditorView.inputHandler).some((handler) => handler(view, from, to, character, () => view.state.update({ changes: { from, to, insert: character }, selection: EditorSelection.cursor(from + 1), userEvent: 'input.type' })));
    if (!handled) view.dispatch({ changes: { from, to, insert: character }, selection: EditorSelection.cursor(from + 1), userEvent: 'input.type' });
  }
}

function editor(doc: string, withOvertype = true) {
  const view = new EditorView({ state: EditorState.create({ doc, extensions: [html(), withOvertype ? closeTagOvertype() : []] }), parent: document.body });
  view.dispatch({ selection: EditorSelection.cursor(doc.length) });
  return view;
}

describe('closing tags the editor inserted are overtyped', () => {
  it.each([
    ['a heading typed in full', '', '<h1>Hi</h1>', '<h1>Hi</h1>'],
    ['a paragraph after existing markup', '<body>\n', '<p>Text</p>', '<body>\n<p>Text</p>'],
    ['nested tags', '', '<ul><li>One</li></ul>', '<ul><li>One</li></ul>'],
    ['a different closing tag is kept', '', '<h1>Hi</h2>', '<h1>Hi</h2></h1>'],
  ])('%s', (_name, start, typed, expected) => {
    const view = editor(start);
    type(view, typed);
    expect(view.state.doc.toString()).toBe(expected);
    view.destroy();
  });

  it('reproduces the doubled tag without the extension (the test can fail)', () => {
    const view = editor('', false);
    type(view, '<h1>Hi</h1>');
    expect(view.state.doc.toString()).toBe('<h1>Hi</h1></h1>');
    view.destroy();
  });

  it('never removes a closing tag the learner typed themselves', () => {
    const view = editor('<div></div>');
    view.dispatch({ selection: EditorSelection.cursor('<div>'.length) });
    type(view, 'x</div>');
    expect(view.state.doc.toString()).toBe('<div>x</div></div>');
    view.destroy();
  });

  it('forgets an inserted tag once the learner edits it', () => {
    const view = editor('');
    type(view, '<b>');
    expect(view.state.doc.toString()).toBe('<b></b>');
    view.dispatch({ changes: { from: 5, to: 6 } });
    view.dispatch({ changes: { from: 5, insert: 'b' }, selection: EditorSelection.cursor(3) });
    type(view, 'x</b>');
    expect(view.state.doc.toString()).toBe('<b>x</b></b>');
    view.destroy();
  });
});

import type { EditorView } from '@codemirror/view';
import { undo } from '@codemirror/commands';
import { getIndentUnit } from '@codemirror/language';
import { SymbolKeys, type SymbolKey } from './symbol-keys';

export { SYMBOL_KEYS } from './symbol-keys';

/** Types `text` at every cursor as the keyboard would, so undo and the learner's draft see it the same way. */
export function insertAtCursor(view: EditorView, text: string): void {
  view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true, userEvent: 'input.type' });
}

function press(view: EditorView, key: SymbolKey) {
  if (key.text !== null) insertAtCursor(view, key.text);
  else if (key.label === 'Tab') insertAtCursor(view, getIndentUnit(view.state) === 0 ? '\t' : ' '.repeat(getIndentUnit(view.state)));
  else undo(view);
  view.focus();
}

/** The symbol row bound to a live editor (see SymbolKeys); its keys are disabled until the editor exists. */
export function SymbolRow({ view }: { view: EditorView | null }) {
  return <SymbolKeys onPress={view ? (key) => press(view, key) : null} />;
}

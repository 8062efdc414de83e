import { EditorState, StateField, type Extension, type Transaction, type TransactionSpec } from '@codemirror/state';

/** A closing tag the editor wrote for the learner (lang-html's autoCloseTags), where it sits now. */
interface AutoTag {
  from: number;
  to: number;
  text: string;
}

const CLOSING_TAG = /^<\/[A-Za-z][\w:-]*>$/;
const TYPED_CLOSING_TAG = /<\/[A-Za-z][\w:-]*>$/;

/** Where each auto-inserted closing tag moved to; a tag the learner edited is forgotten. */
function mapTags(tags: readonly AutoTag[], tr: Transaction): AutoTag[] {
  if (!tr.docChanged) return [...tags];
  const kept: AutoTag[] = [];
  for (const tag of tags) {
    let touched = false;
    tr.changes.iterChangedRanges((fromA, toA) => {
      if (fromA < tag.to && toA > tag.from) touched = true;
    });
    if (touched) continue;
    const from = tr.changes.mapPos(tag.from, 1);
    const to = tr.changes.mapPos(tag.to, -1);
    if (to - from === tag.text.length) kept.push({ from, to, text: tag.text });
  }
  return kept;
}

/** Closing tags inserted by an autocompletion transaction (autoCloseTags marks them `input.complete`). */
function insertedClosingTags(tr: Transaction): AutoTag[] {
  if (!tr.isUserEvent('input.complete')) return [];
  const added: AutoTag[] = [];
  tr.changes.iterChanges((_fromA, _toA, fromB, toB, inserted) => {
    const text = inserted.toString();
    if (CLOSING_TAG.test(text)) added.push({ from: fromB, to: toB, text });
  });
  return added;
}

const autoTags = StateField.define<AutoTag[]>({
  create: () => [],
  update: (tags, tr) => [...mapTags(tags, tr), ...insertedClosingTags(tr)],
});

/**
 * Typing a closing tag right before the identical one the editor inserted overtypes it: `<h1>Hi</h1>`
 * typed in full gives one `</h1>`, not two. Only tags the editor wrote itself are consumed, so a
 * closing tag the learner typed on purpose is never removed.
 */
const overtypeFilter = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || !tr.isUserEvent('input.type')) return tr;
  const head = tr.newSelection.main.head;
  if (!tr.newSelection.main.empty) return tr;
  const typed = TYPED_CLOSING_TAG.exec(tr.newDoc.sliceString(Math.max(0, head - 64), head))?.[0];
  if (!typed) return tr;
  const tag = mapTags(tr.startState.field(autoTags, false) ?? [], tr).find((candidate) => candidate.from === head && candidate.text === typed);
  if (!tag) return tr;
  const removal: TransactionSpec = { changes: { from: tag.from, to: tag.to }, sequential: true, userEvent: 'input.type' };
  return [tr, removal];
});

export function closeTagOvertype(): Extension {
  return [autoTags, overtypeFilter];
}

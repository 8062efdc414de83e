import styles from './symbol-row.module.css';

export interface SymbolKey {
  /** What the button shows. */
  label: string;
  /** Its accessible name. */
  name: string;
  /** What it types; null for the keys that run a command (tab, undo). */
  text: string | null;
}

export const SYMBOL_KEYS: readonly SymbolKey[] = [
  { label: 'Tab', name: 'Insert an indent', text: null },
  { label: '(', name: 'Insert opening parenthesis', text: '(' },
  { label: ')', name: 'Insert closing parenthesis', text: ')' },
  { label: '[', name: 'Insert opening square bracket', text: '[' },
  { label: ']', name: 'Insert closing square bracket', text: ']' },
  { label: '{', name: 'Insert opening curly brace', text: '{' },
  { label: '}', name: 'Insert closing curly brace', text: '}' },
  { label: '"', name: 'Insert double quote', text: '"' },
  { label: "'", name: 'Insert single quote', text: "'" },
  { label: ':', name: 'Insert colon', text: ':' },
  { label: '=', name: 'Insert equals sign', text: '=' },
  { label: '<', name: 'Insert less-than sign', text: '<' },
  { label: '>', name: 'Insert greater-than sign', text: '>' },
  { label: '/', name: 'Insert slash', text: '/' },
  { label: '#', name: 'Insert hash sign', text: '#' },
  { label: '↶', name: 'Undo', text: null },
];

/**
 * The symbols code needs, which phone keyboards hide behind two or three layers. Shown on touch
 * screens and narrow windows only (CSS); buttons never take focus from the editor, so the phone
 * keyboard stays open while the learner taps them. No CodeMirror here: the editor's preview shows
 * the same row (disabled) before the editor has loaded, so nothing moves when it arrives.
 */
export function SymbolKeys({ onPress }: { onPress: ((key: SymbolKey) => void) | null }) {
  return (
    <div className={styles.row} role="group" aria-label="Code symbols" data-testid="symbol-row">
      {SYMBOL_KEYS.map((key) => (
        <button
          key={key.name}
          type="button"
          className={styles.key}
          aria-label={key.name}
          disabled={!onPress}
          // Keeps the focus (and the on-screen keyboard) in the editor.
          onPointerDown={(event) => event.preventDefault()}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPress?.(key)}
        >
          {key.label}
        </button>
      ))}
    </div>
  );
}

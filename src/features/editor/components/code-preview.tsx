import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type MutableRefObject, type PointerEvent } from 'react';
import { SymbolKeys } from './symbol-keys';
import type { CodeEditorProps } from './code-editor';
import frame from './code-editor.module.css';
import styles from './code-preview.module.css';

/**
 * How the learner reached for the editor before CodeMirror was there: where they pressed and what
 * they typed. The editor, once built, puts the cursor there, types it, and takes the focus.
 */
export interface EditorReach {
  focus: boolean;
  at: { x: number; y: number } | null;
  typed: string;
}

export const noReach = (): EditorReach => ({ focus: false, at: null, typed: '' });

const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export interface CodeLinesProps {
  value: string;
  /** Set: the code is a stand-in for the editor, focusable and named like it, noting how it is reached. */
  reach?: {
    label: string;
    readOnly: boolean;
    state: MutableRefObject<EditorReach>;
    /** The learner pressed, focused or typed: the editor is wanted now. */
    onReach: () => void;
    /** Keep the focus (the stand-in before it had it). */
    autoFocus: boolean;
  };
}

/**
 * The learner's code, laid out line by line as the editor will show it. Rendered on the server and
 * until the learner first reaches for the editor (CodeMirror and the grammar load then), so the code
 * is readable at once, the page's start is not spent building an editor nobody has touched yet, and
 * the editor takes its place without a shift.
 */
export function CodeLines({ value, reach }: CodeLinesProps) {
  const element = useRef<HTMLPreElement>(null);
  const autoFocus = reach?.autoFocus ?? false;
  // Before the browser can deliver another key: the stand-in that had the focus is gone by now.
  useBeforePaint(() => {
    if (autoFocus) element.current?.focus({ preventScroll: true });
  }, [autoFocus]);
  const reached = () => {
    if (!reach) return;
    reach.state.current.focus = true;
    reach.onReach();
  };
  return (
    <pre
      ref={element}
      className={styles.lines}
      data-testid="code-preview"
      {...(reach && {
        role: 'textbox',
        'aria-label': reach.label,
        'aria-multiline': true,
        'aria-readonly': reach.readOnly,
        tabIndex: 0,
        onPointerDown: (event: PointerEvent) => {
          reach.state.current.at = { x: event.clientX, y: event.clientY };
          reached();
        },
        onFocus: reached,
        onKeyDown: (event: KeyboardEvent) => {
          if (reach.readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
          // Printable keys and Enter wait for the editor, which types them; Tab still moves on.
          const key = event.key === 'Enter' ? '\n' : event.key.length === 1 ? event.key : null;
          if (key === null) return;
          event.preventDefault();
          reach.state.current.typed += key;
          reached();
        },
      })}
    >
      {value.split('\n').map((line, index) => (
        // Lines have no identity but their position.
        <span key={index} className={styles.line}>
          <span className={styles.text}>{line || '\u200b'}</span>
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

/**
 * A plain text box for the code, when the editor's files cannot be loaded (offline before they
 * were ever fetched): the learner keeps writing; the editor replaces it once the connection is back.
 */
export function PlainCodeEditor({ value, readOnly, label, onChange }: Pick<CodeEditorProps, 'value' | 'readOnly' | 'label' | 'onChange'>) {
  return (
    <div className={frame.editor}>
      <textarea
        className={styles.plain}
        aria-label={label}
        value={value}
        readOnly={readOnly}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        autoFocus
        rows={Math.max(8, value.split('\n').length + 1)}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export interface CodePreviewProps extends Pick<CodeEditorProps, 'value' | 'readOnly'> {
  reach?: CodeLinesProps['reach'];
}

/**
 * The editor's frame before CodeMirror has loaded: the code and, for editable code, the symbol row
 * (disabled without `reach`; with it, a tapped symbol reaches for the editor).
 */
export function CodePreview({ value, readOnly, reach }: CodePreviewProps) {
  return (
    <div className={frame.editor}>
      <CodeLines value={value} reach={reach} />
      {/* A tapped symbol reaches for the editor too, and is typed once it is there. */}
      {!readOnly && (
        <SymbolKeys
          onPress={
            reach
              ? (key) => {
                  if (key.text) reach.state.current.typed += key.text;
                  reach.state.current.focus = true;
                  reach.onReach();
                }
              : null
          }
        />
      )}
    </div>
  );
}

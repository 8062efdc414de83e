import { useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import { flushSync } from 'react-dom';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { indentWithTab } from '@codemirror/commands';
import { nextTask } from '@/runner/browser/next-task';
import { loadLanguageSetup } from '../extensions/language-setup';
import { editorTheme } from '../extensions/editor-theme';
import { SymbolRow } from './symbol-row';
import { CodeLines, noReach, type EditorReach } from './code-preview';
import styles from './code-editor.module.css';

export interface CodeEditorProps {
  value: string;
  language: string;
  readOnly: boolean;
  label: string;
  onChange: (value: string) => void;
  /** How the learner reached for the editor before it was built (the entry's stand-in notes it). */
  reach?: MutableRefObject<EditorReach>;
}

export const LEAVE_EDITOR_HINT = 'Tab indents. To leave the editor, press Escape, then Tab.';

/**
 * CodeMirror 6 with the lesson languages. Loaded lazily (next/dynamic) so it never counts against
 * a lesson page's first load. Tab indents by the language's unit; Escape then Tab leaves the editor
 * (CodeMirror's rule), so keyboard users are never trapped. Long lines wrap, so a phone never
 * scrolls sideways, and touch screens get a row of the symbols code needs.
 */
export default function CodeEditor({ value, language, readOnly, label, onChange, reach }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [mounted, setMounted] = useState<EditorView | null>(null);
  const change = useRef(onChange);
  change.current = onChange;
  // What the learner sees now, for an editor created after the grammar arrives.
  const valueRef = useRef(value);
  valueRef.current = value;
  // Tab indents in here, so keyboard users are told the way out (WCAG 2.1.2, no keyboard trap).
  const hintId = useId();

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    let editor: EditorView | null = null;
    let cancelled = false;
    const create = async () => {
      // The grammar is its own chunk (usually already loaded: the entry asks for it early).
      const languageExtension = await loadLanguageSetup(language).catch((): Extension => []);
      // Its chunk was just evaluated: build the editor in a task of its own, so the two never add
      // up to one long block of the main thread on a slow phone.
      await nextTask();
      if (cancelled) return;
      editor = new EditorView({
        parent,
        state: EditorState.create({
          doc: valueRef.current,
          extensions: [
            basicSetup,
            keymap.of([indentWithTab]),
            languageExtension,
            editorTheme(),
            EditorView.lineWrapping,
            EditorState.readOnly.of(readOnly),
            EditorView.editable.of(!readOnly),
            EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': String(readOnly), ...(readOnly ? {} : { 'aria-describedby': hintId }) }),
            EditorView.updateListener.of((update) => {
              if (update.docChanged) change.current(update.state.doc.toString());
            }),
          ],
        }),
      });
      view.current = editor;
      // In the same task as CodeMirror's DOM arrives, the code preview leaves: the browser never
      // paints both, one above the other (a layout shift of the whole editor's height).
      flushSync(() => setMounted(editor));
      // Where the learner pressed, what they typed meanwhile, and the focus (in this same task, so
      // no key falls between the stand-in and the editor).
      const reached = reach?.current;
      if (reached?.focus) {
        let position: number | null = null;
        try {
          position = reached.at ? editor.posAtCoords(reached.at) : null;
        } catch {
          // No layout to read (a page without one): the cursor stays at the start.
        }
        if (position !== null) editor.dispatch({ selection: { anchor: position } });
        if (reached.typed && !readOnly) editor.dispatch(editor.state.replaceSelection(reached.typed));
        editor.focus();
      }
      if (reach) reach.current = noReach();
    };
    void create();
    return () => {
      cancelled = true;
      editor?.destroy();
      view.current = null;
      setMounted(null);
    };
    // The editor is created once per file; later value changes arrive through the effect below.
    // (`reach` is a ref object, the same for the editor's whole life.)
  }, [language, readOnly, label, reach, hintId]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <div className={styles.editor}>
      <div ref={host} data-testid="code-editor" />
      {!readOnly && (
        <span id={hintId} hidden>
          {LEAVE_EDITOR_HINT}
        </span>
      )}
      {/* The code as the editor will lay it out, while the grammar loads: nothing moves when it appears. */}
      {!mounted && <CodeLines value={value} reach={reach && { label, readOnly, state: reach, onReach: () => undefined, autoFocus: reach.current.focus }} />}
      {!readOnly && <SymbolRow view={mounted} />}
    </div>
  );
}

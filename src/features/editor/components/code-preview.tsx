import { SymbolKeys } from './symbol-keys';
import type { CodeEditorProps } from './code-editor';
import frame from './code-editor.module.css';
import styles from './code-preview.module.css';

/**
 * The learner's code, laid out line by line as the editor will show it. Rendered on the server and
 * while CodeMirror and the grammar load, so the code is readable at once and the editor takes its
 * place without a shift.
 */
export function CodeLines({ value }: { value: string }) {
  return (
    <pre className={styles.lines} data-testid="code-preview">
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

/** The editor's frame before CodeMirror has loaded: the code and, for editable code, the symbol row (disabled). */
export function CodePreview({ value, readOnly }: Pick<CodeEditorProps, 'value' | 'readOnly'>) {
  return (
    <div className={frame.editor} aria-busy="true">
      <CodeLines value={value} />
      {!readOnly && <SymbolKeys onPress={null} />}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ConsoleLine } from '@/domain/build/preview-messages';
import { INPUT_LIMIT_CHARS } from '@/runner/browser/sandbox-messages';
import { Button } from '@/ui';
import type { InputQuestion } from './use-project-run';
import styles from './build.module.css';

/**
 * Where a waiting input() is answered: the prompt, as the program printed it, labels a field that
 * takes focus; Enter (or Send) gives the line to the program, which echoes it into the console.
 */
function InputLine({ question }: { question: InputQuestion }) {
  const [line, setLine] = useState('');
  const id = useId();
  const field = useRef<HTMLInputElement>(null);

  // The program waits for this line: the learner's keys go here at once, and the field is scrolled
  // to the middle of the screen (on a phone the console is below the editor, and the bottom bar
  // would cover a field scrolled only as far as the screen's edge).
  useEffect(() => {
    field.current?.focus({ preventScroll: true });
    field.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  const prompt = question.prompt.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    question.answer(line);
  }

  return (
    <form className={styles.consoleInput} onSubmit={submit}>
      <label htmlFor={`${id}-line`} className={styles.consolePrompt}>
        {prompt ? question.prompt : <span className={styles.muted}>Your program is waiting for you to type a line</span>}
      </label>
      <input
        id={`${id}-line`}
        className={styles.consoleField}
        value={line}
        onChange={(event) => setLine(event.target.value)}
        maxLength={INPUT_LIMIT_CHARS}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="send"
        aria-describedby={`${id}-hint`}
        ref={field}
      />
      <Button type="submit" size="sm" variant="secondary">
        Send
      </Button>
      <span id={`${id}-hint`} className="visually-hidden">
        Your program is waiting. Type a line and press Enter.
      </span>
    </form>
  );
}

/** The project's console: what its page logged (web) or its program printed (other languages). */
export function ConsolePanel({ lines, empty, question = null }: { lines: readonly ConsoleLine[]; empty: string; question?: InputQuestion | null }) {
  return (
    <section className={styles.console} aria-label="Console">
      <h2 className={styles.panelTitle}>Console</h2>
      <div className={styles.consoleOutput}>
        <pre className={styles.consoleText} aria-live="polite" data-testid="project-console">
          {lines.length === 0 && !question ? (
            <span className={styles.muted}>{empty}</span>
          ) : (
            lines.map((line, index) => (
              <span key={index} className={styles.consoleLine} data-level={line.level}>
                {line.level === 'error' ? '✖ ' : line.level === 'warn' ? '⚠ ' : ''}
                {line.text}
                {'\n'}
              </span>
            ))
          )}
        </pre>
        {question && <InputLine key={lines.length} question={question} />}
      </div>
    </section>
  );
}

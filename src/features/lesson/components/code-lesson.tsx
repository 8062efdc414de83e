import { useEffect, useId, useRef, useState } from 'react';
import type { LessonDto } from '@/lib/api-client/learning-endpoints';
import { describeRunError, visibleChecks } from '@/domain/lessons/run-feedback';
import type { RunResult } from '@/runner/run-types';
import { Button } from '@/ui';
import { CodeEditor, HtmlPreview, RuntimeStatusBadge, usePythonStatus } from '@/features/editor';
import type { SaveStatus } from '@/features/editor';
import { ResetCode } from './reset-code';
import styles from './code-lesson.module.css';


export interface CodeLessonProps {
  lesson: LessonDto;
  files: { name: string; content: string }[];
  onFileChange: (name: string, content: string) => void;
  onRun: () => void;
  /** The files a reset brings back. */
  starterFiles: { name: string; content: string }[];
  /** Replaces every file at once (reset, and undo of a reset). */
  onReplaceFiles: (files: { name: string; content: string }[]) => void;
  running: boolean;
  output: string;
  result: RunResult | null;
  /** The lesson runs Python: Run waits on its runtime's state, shown beside it. */
  python: boolean;
  saveStatus: SaveStatus;
  /** Why the server refused the last save (the learner can fix it); the draft stays on this device. */
  saveRefusal?: string | null;
  disabled: boolean;
  /** Lines handed to input() in Python lessons, one per call. */
  stdin: string;
  onStdinChange: (value: string) => void;
  /** Where an HTML lesson's page keeps what it saves in localStorage (per learner and lesson). */
  pageStorageKey?: string | null;
}

const SAVE_LABEL: Record<SaveStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  offline: 'Offline: saved on this device, will sync when you are back online',
  error: 'Not synced yet: saved on this device',
};

interface RunButtonProps {
  onRun: () => void;
  running: boolean;
  disabled: boolean;
}

function RunButton({ onRun, running, disabled }: RunButtonProps) {
  return (
    <Button onClick={onRun} loading={running} disabled={disabled}>
      Run &amp; check
    </Button>
  );
}

/** Python's state re-renders the button and the badge alone, never the lesson around them. */
function PythonRunButton(props: RunButtonProps) {
  const status = usePythonStatus();
  return <RunButton {...props} disabled={props.disabled || status === 'failed'} />;
}

function PythonStatus() {
  return <RuntimeStatusBadge status={usePythonStatus()} />;
}

/**
 * The code interaction: file tabs, the editor, Run & check, the console and each check's result.
 * After a run that did not pass, what went wrong (the error, or the first failed check) is scrolled
 * into view, so the feedback bar's sentence always points at something the learner can see.
 */
export function CodeLesson({ lesson, files, onFileChange, onRun, starterFiles, onReplaceFiles, running, output, result, python, saveStatus, saveRefusal, disabled, stdin, onStdinChange, pageStorageKey = null }: CodeLessonProps) {
  const definitions = lesson.executableContent?.files ?? [];
  const [active, setActive] = useState(definitions.find((file) => file.editable)?.name ?? definitions[0]?.name ?? '');
  const tabsId = useId();
  const outputRef = useRef<HTMLPreElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const current = definitions.find((file) => file.name === active);
  const content = files.find((file) => file.name === active)?.content ?? current?.content ?? '';

  useEffect(() => {
    outputRef.current?.scrollTo({ top: outputRef.current.scrollHeight });
  }, [output]);

  useEffect(() => {
    if (result?.status !== 'ran' || result.passed) return;
    const culprit = panelRef.current?.querySelector('[data-run-error], [data-check-failed]');
    culprit?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [result]);

  const ran = result?.status === 'ran' ? result : null;
  // Checks only the server runs (other values, hidden data): named, never sent (docs/features/grading.md).
  const hiddenChecks = lesson.executableContent?.hiddenChecks ?? 0;
  const placeholder = ran || running ? '' : 'Press Run & check to see what your program prints.';

  return (
    <section ref={panelRef} className={styles.panel} aria-label="Code">
      {definitions.length > 1 && (
        <div role="tablist" aria-label="Files" className={styles.tabs}>
          {definitions.map((file) => (
            <button
              key={file.name}
              role="tab"
              type="button"
              id={`${tabsId}-${file.name}`}
              aria-selected={file.name === active}
              className={styles.tab}
              onClick={() => setActive(file.name)}
            >
              {file.name}
              {!file.editable && <span className={styles.readOnly}> (read-only)</span>}
            </button>
          ))}
        </div>
      )}
      {current && (
        <CodeEditor
          key={current.name}
          value={content}
          language={current.language}
          readOnly={!current.editable || disabled}
          label={`${current.name}${current.editable ? '' : ' (read-only)'} code editor`}
          onChange={(value) => onFileChange(current.name, value)}
        />
      )}
      {lesson.lessonType === 'Python' && files.some((file) => /\binput\s*\(/.test(file.content)) && (
        <label className={styles.stdin}>
          <span>Input for your program (one line for each <code>input()</code>)</span>
          <textarea value={stdin} onChange={(event) => onStdinChange(event.target.value)} rows={2} spellCheck={false} disabled={disabled} />
        </label>
      )}
      <div className={styles.toolbar}>
        {python ? <PythonRunButton onRun={onRun} running={running} disabled={disabled} /> : <RunButton onRun={onRun} running={running} disabled={disabled} />}
        <ResetCode files={files} starterFiles={starterFiles} onReplace={onReplaceFiles} disabled={disabled || running} />
        {python && <PythonStatus />}
        <span className={styles.save} data-save-status={saveStatus}>
          {SAVE_LABEL[saveStatus]}
        </span>
      </div>
      {saveStatus === 'error' && saveRefusal && (
        <p className={styles.error} role="alert">
          {saveRefusal} Your code stays saved on this device.
        </p>
      )}
      {lesson.lessonType === 'HTML' && <HtmlPreview files={files} storageKey={pageStorageKey} />}
      <div className={styles.console} hidden={lesson.lessonType === 'HTML' && !output && !ran?.error}>
        <h2 className={styles.consoleTitle}>Output</h2>
        <pre ref={outputRef} className={styles.output} role="log" aria-live="polite" aria-label="Program output" hidden={!output && !placeholder && !!ran?.error}>
          {output || placeholder || (ran ? 'Your program printed nothing.' : '')}
        </pre>
        {ran?.error && (
          <p className={styles.error} role="alert" data-run-error="">
            {describeRunError(ran.error)}
          </p>
        )}
      </div>
      {ran && visibleChecks(ran).length > 0 && (
        <ul className={styles.checks} aria-label="Checks">
          {visibleChecks(ran).map((check) => (
            <li key={check.index} className={check.passed ? styles.pass : styles.fail} data-check-failed={check.passed ? undefined : ''}>
              <span aria-hidden="true">{check.passed ? '✓' : '✗'}</span> {check.passed ? (check.label ?? 'Check passed') : check.message}
              {!check.passed && check.detail && (
                <span className={styles.checkDetail} data-check-detail="">
                  {' '}
                  {check.detail}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {ran && hiddenChecks > 0 && (
        <p className={styles.serverChecks}>
          {hiddenChecks === 1 ? 'One more check runs' : `${hiddenChecks} more checks run`} on the server, with data your program has not seen.
        </p>
      )}
      {result?.status === 'unsupported' && <p className={styles.error}>{result.reason}</p>}
    </section>
  );
}

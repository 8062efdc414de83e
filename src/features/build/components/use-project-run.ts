import { useEffect, useRef, useState } from 'react';
import { useCheckEngine } from '@/features/editor';
import type { ConsoleLine } from '@/domain/build/preview-messages';
import type { ProjectFileDto } from '@/domain/build/project-dto';
import type { ProjectLanguage } from '@/domain/build/project-templates';
import { projectRunRequest } from './project-run';

/** A Python program's input() waiting for a line: its prompt, and how the typed line goes back. */
export interface InputQuestion {
  prompt: string;
  answer: (line: string) => void;
}

/**
 * Run for a Python, JavaScript or SQL project: the lesson runtimes (sandboxed, time-limited) with
 * no checks; what the program prints streams into the console lines, then its error, if any.
 * A Python program's input() asks the learner (`question`) and waits for the line, its time limit
 * paused meanwhile; Stop ends any run, waiting or not. Leaving the page stops the run too, so a
 * program left waiting never holds the shared Python runtime.
 * Web projects have no Run: their page runs in the preview as it is typed.
 */
export function useProjectRun(language: ProjectLanguage) {
  const engine = useCheckEngine();
  const [lines, setLines] = useState<ConsoleLine[]>([]);
  const [running, setRunning] = useState(false);
  const [question, setQuestion] = useState<InputQuestion | null>(null);
  const stopper = useRef<AbortController | null>(null);

  useEffect(() => () => stopper.current?.abort(), []);

  async function run(files: readonly ProjectFileDto[]) {
    if (language === 'web' || running) return;
    const controller = new AbortController();
    stopper.current = controller;
    setRunning(true);
    setLines([]);
    const printed: ConsoleLine[] = [];
    const onInput = (prompt: string) =>
      new Promise<string>((resolve) => {
        setQuestion({
          prompt,
          answer: (line) => {
            setQuestion(null);
            resolve(line);
          },
        });
      });
    const result = await engine.run(
      projectRunRequest(language, files),
      (text) => {
        printed.push({ level: 'log', text: text.replace(/\n$/, '') });
        setLines([...printed]);
      },
      language === 'python' ? { onInput, signal: controller.signal } : { signal: controller.signal },
    );
    if (stopper.current === controller) stopper.current = null;
    setQuestion(null);
    if (result.status === 'ran') {
      const done: ConsoleLine[] = printed.length > 0 ? printed : result.output ? [{ level: 'log', text: result.output.replace(/\n$/, '') }] : [];
      if (result.error?.type === 'Stopped') done.push({ level: 'warn', text: result.error.message });
      else if (result.error) done.push({ level: 'error', text: `${result.error.type}: ${result.error.message}` });
      if (result.timedOut) done.push({ level: 'error', text: 'Stopped: the program ran for too long.' });
      setLines(done);
    } else setLines([{ level: 'error', text: result.reason }]);
    setRunning(false);
  }

  /** Ends the run now (the runtime restarts for the next one). */
  function stop() {
    stopper.current?.abort();
  }

  return { lines, setLines, running, run, stop, question };
}

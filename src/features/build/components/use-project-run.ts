import { useState } from 'react';
import { useCheckEngine } from '@/features/editor';
import type { ConsoleLine } from '@/domain/build/preview-messages';
import type { ProjectFileDto } from '@/domain/build/project-dto';
import type { ProjectLanguage } from '@/domain/build/project-templates';
import { projectRunRequest } from './project-run';

/**
 * Run for a Python, JavaScript or SQL project: the lesson runtimes (sandboxed, time-limited) with
 * no checks; what the program prints streams into the console lines, then its error, if any.
 * Web projects have no Run: their page runs in the preview as it is typed.
 */
export function useProjectRun(language: ProjectLanguage) {
  const engine = useCheckEngine();
  const [lines, setLines] = useState<ConsoleLine[]>([]);
  const [running, setRunning] = useState(false);

  async function run(files: readonly ProjectFileDto[]) {
    if (language === 'web' || running) return;
    setRunning(true);
    setLines([]);
    const printed: ConsoleLine[] = [];
    const result = await engine.run(projectRunRequest(language, files), (text) => {
      printed.push({ level: 'log', text: text.replace(/\n$/, '') });
      setLines([...printed]);
    });
    if (result.status === 'ran') {
      const done: ConsoleLine[] = printed.length > 0 ? printed : result.output ? [{ level: 'log', text: result.output.replace(/\n$/, '') }] : [];
      if (result.error) done.push({ level: 'error', text: `${result.error.type}: ${result.error.message}` });
      if (result.timedOut) done.push({ level: 'error', text: 'Stopped: the program ran for too long.' });
      setLines(done);
    } else setLines([{ level: 'error', text: result.reason }]);
    setRunning(false);
  }

  return { lines, setLines, running, run };
}

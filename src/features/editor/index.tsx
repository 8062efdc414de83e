import { useEffect, useRef, useState, type ComponentType } from 'react';
import dynamic from 'next/dynamic';
import type { CodeEditorProps } from './components/code-editor';
import { CodePreview, noReach, PlainCodeEditor, type EditorReach } from './components/code-preview';

/**
 * The editor feature's public entry: the code editor and the React side of the browser runtimes,
 * shared by lessons, the build area and the course engineer's toolbar. The editor and the preview
 * load lazily, never as part of a page's first load.
 */
export { useCheckEngine, usePythonStatus, type CheckEngineHandle } from './hooks/use-check-engine';
export { useRuntimePreload, type RuntimeNeed } from './hooks/use-runtime-preload';
export type { CodeEditorProps } from './components/code-editor';
export type { BrowserCheckEngine, RuntimeStatus } from '@/runner/browser/browser-check-engine';
export { pageStorageKey, readSavedPageStorage, writeSavedPageStorage } from './components/saved-page-storage';
export { useCodeDraft, saveRefusal, type SaveStatus } from './drafts/use-code-draft';

/**
 * The editor: the code itself at once (rendered on the server, laid out as the editor will lay it
 * out), then CodeMirror in its place once the learner first reaches for it (a press, focus or a
 * key: see EditorReach) and its chunk and the language's grammar have loaded; both are requested
 * together so they download side by side. Building an editor costs a slow phone about half a
 * second of main thread, which a page's start no longer pays for code nobody has touched yet.
 */
export function CodeEditor(props: CodeEditorProps) {
  const [Editor, setEditor] = useState<ComponentType<CodeEditorProps> | null>(null);
  const [wanted, setWanted] = useState(false);
  // The editor's files did not arrive (offline before they were ever fetched): a plain text box
  // until the connection is back, so the learner can still write code.
  const [unavailable, setUnavailable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reach = useRef<EditorReach>(noReach());
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    // The lesson page prefetches these files (downloaded, not run), so the press finds them cached.
    import('./components/code-editor').then(
      (module) => {
        if (!cancelled) setEditor(() => module.default);
      },
      () => {
        if (!cancelled) setUnavailable(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, attempt]);
  useEffect(() => {
    if (!unavailable) return;
    const retry = () => {
      setUnavailable(false);
      setAttempt((count) => count + 1);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [unavailable]);
  useEffect(() => {
    if (wanted) void import('./extensions/language-setup').then(({ loadLanguageSetup }) => loadLanguageSetup(props.language)).catch(() => undefined);
  }, [wanted, props.language]);
  const stand = { label: props.label, readOnly: props.readOnly, state: reach, onReach: () => setWanted(true), autoFocus: reach.current.focus };
  if (Editor) return <Editor {...props} reach={reach} />;
  if (unavailable) return <PlainCodeEditor {...props} />;
  return <CodePreview value={props.value} readOnly={props.readOnly} reach={stand} />;
}

/** The live preview of a web page, inside the opaque-origin page sandbox. */
export const HtmlPreview = dynamic(() => import('./components/html-preview').then((module) => module.HtmlPreview), { ssr: false });

/** The runtime's state beside Run (a progress bar while Python loads); small, but kept out of the first load too. */
export const RuntimeStatusBadge = dynamic(() => import('./components/runtime-status-badge').then((module) => module.RuntimeStatusBadge), { ssr: false });

import { useEffect, useState, type ComponentType } from 'react';
import dynamic from 'next/dynamic';
import type { CodeEditorProps } from './components/code-editor';
import { CodePreview } from './components/code-preview';

/**
 * The editor feature's public entry: the code editor and the React side of the browser runtimes,
 * shared by lessons, the build area and the course engineer's toolbar. The editor and the preview
 * load lazily, never as part of a page's first load.
 */
export { useCheckEngine } from './hooks/use-check-engine';
export { useRuntimePreload, type RuntimeNeed } from './hooks/use-runtime-preload';
export type { CodeEditorProps } from './components/code-editor';
export type { BrowserCheckEngine, RuntimeStatus } from '@/runner/browser/browser-check-engine';
export { pageStorageKey } from './components/saved-page-storage';

/**
 * The editor: the code itself at once (rendered on the server, laid out as the editor will lay it
 * out), then CodeMirror in its place once its chunk and the language's grammar have loaded; both
 * are requested together so they download side by side.
 */
export function CodeEditor(props: CodeEditorProps) {
  const [Editor, setEditor] = useState<ComponentType<CodeEditorProps> | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('./components/code-editor').then((module) => {
      if (!cancelled) setEditor(() => module.default);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    void import('./extensions/language-setup').then(({ loadLanguageSetup }) => loadLanguageSetup(props.language)).catch(() => undefined);
  }, [props.language]);
  return Editor ? <Editor {...props} /> : <CodePreview value={props.value} readOnly={props.readOnly} />;
}

/** The live preview of a web page, inside the opaque-origin page sandbox. */
export const HtmlPreview = dynamic(() => import('./components/html-preview').then((module) => module.HtmlPreview), { ssr: false });

/** The runtime's state beside Run (a progress bar while Python loads); small, but kept out of the first load too. */
export const RuntimeStatusBadge = dynamic(() => import('./components/runtime-status-badge').then((module) => module.RuntimeStatusBadge), { ssr: false });

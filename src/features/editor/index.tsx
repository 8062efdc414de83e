import { useEffect } from 'react';
import dynamic from 'next/dynamic';
import type { CodeEditorProps } from './components/code-editor';
import styles from './components/editor-loading.module.css';

/**
 * The editor feature's public entry: the code editor and the React side of the browser runtimes,
 * shared by lessons, the build area and the course engineer's toolbar. The editor and the preview
 * load lazily, never as part of a page's first load.
 */
export { useCheckEngine } from './hooks/use-check-engine';
export { useRuntimePreload, type RuntimeNeed } from './hooks/use-runtime-preload';
export type { CodeEditorProps } from './components/code-editor';
export type { BrowserCheckEngine, RuntimeStatus } from '@/runner/browser/browser-check-engine';

const LazyCodeEditor = dynamic(() => import('./components/code-editor'), {
  ssr: false,
  loading: () => <div className={styles.loading}>Loading the editor…</div>,
});

/** The editor, with its language's grammar requested at once so both chunks download side by side. */
export function CodeEditor(props: CodeEditorProps) {
  useEffect(() => {
    void import('./extensions/language-setup').then(({ loadLanguageSetup }) => loadLanguageSetup(props.language)).catch(() => undefined);
  }, [props.language]);
  return <LazyCodeEditor {...props} />;
}

/** The live preview of a web page, inside the opaque-origin page sandbox. */
export const HtmlPreview = dynamic(() => import('./components/html-preview').then((module) => module.HtmlPreview), { ssr: false });

/** The runtime's state beside Run (a progress bar while Python loads); small, but kept out of the first load too. */
export const RuntimeStatusBadge = dynamic(() => import('./components/runtime-status-badge').then((module) => module.RuntimeStatusBadge), { ssr: false });

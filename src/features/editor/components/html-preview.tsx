import { useEffect, useRef } from 'react';
import { buildPageDocument } from '@/runner/html-page';
import { connectPageSandbox, type PageSandbox } from '@/runner/browser/page-sandbox';
import styles from './html-preview.module.css';

const UPDATE_DELAY_MS = 250;

/**
 * The live preview of an HTML lesson: the learner's page inside /api/sandbox/page (an opaque origin
 * with its own policy: scripts run, but cannot reach the app, its cookies, storage or API),
 * updated shortly after each keystroke.
 */
export function HtmlPreview({ files }: { files: { name: string; content: string }[] }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const sandbox = useRef<PageSandbox | null>(null);
  const latest = useRef(files);
  latest.current = files;

  useEffect(() => {
    if (!frameRef.current) return;
    const connected = connectPageSandbox(frameRef.current);
    connected.render(buildPageDocument(latest.current));
    sandbox.current = connected;
    return () => {
      connected.close();
      sandbox.current = null;
    };
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => sandbox.current?.render(buildPageDocument(files)), UPDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [files]);

  // The sandbox attribute is in the server-rendered HTML; connectPageSandbox sets src once it listens.
  return (
    <div className={styles.frame}>
      <h2 className={styles.title}>Preview</h2>
      <iframe ref={frameRef} title="Preview of your page" sandbox="allow-scripts" className={styles.iframe} />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { buildPageDocument } from '@/runner/html-page';
import styles from './html-preview.module.css';

const UPDATE_DELAY_MS = 250;

/**
 * The live preview of an HTML lesson: a sandboxed iframe with an opaque origin (scripts run, but
 * cannot reach the app, its cookies or storage), updated shortly after each keystroke.
 */
export function HtmlPreview({ files }: { files: { name: string; content: string }[] }) {
  const [document, setDocument] = useState(() => buildPageDocument(files));
  useEffect(() => {
    const timer = setTimeout(() => setDocument(buildPageDocument(files)), UPDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [files]);
  return (
    <div className={styles.frame}>
      <h3 className={styles.title}>Preview</h3>
      <iframe title="Preview of your page" sandbox="allow-scripts" srcDoc={document} className={styles.iframe} />
    </div>
  );
}

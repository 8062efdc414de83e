import { useEffect, useRef, useState } from 'react';
import { buildPageDocument } from '@/runner/html-page';
import type { PageStorageItems } from '@/runner/page-storage';
import { connectPageSandbox, type PageSandbox } from '@/runner/browser/page-sandbox';
import { pageFrameMessageSchema } from '@/runner/browser/sandbox-message-schemas';
import { Button } from '@/ui';
import { readSavedPageStorage, writeSavedPageStorage } from './saved-page-storage';
import styles from './html-preview.module.css';

const UPDATE_DELAY_MS = 250;
/** The page's storage is written to the app's storage at most this often (a loop may set items fast). */
const SAVE_DELAY_MS = 300;

export interface HtmlPreviewProps {
  files: { name: string; content: string }[];
  /**
   * Where what the page saves in its localStorage is kept between loads (saved-page-storage.ts:
   * one key per learner and lesson). Null: the page's storage lasts until the next update only.
   */
  storageKey?: string | null;
  /** The frame's accessible name (a lesson's preview is the learner's page; the glossary shows an example). */
  title?: string;
}

const itemCount = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/**
 * The live preview of an HTML lesson: the learner's page inside /api/sandbox/page (an opaque origin
 * with its own policy: scripts run, but cannot reach the app, its cookies, storage or API),
 * updated shortly after each keystroke. What the page saves in localStorage survives those
 * updates and a reload, as on a real site; the learner can reload the page or clear what it saved.
 */
export function HtmlPreview({ files, storageKey = null, title = 'Preview of your page' }: HtmlPreviewProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const sandbox = useRef<PageSandbox | null>(null);
  const latest = useRef(files);
  latest.current = files;
  const stored = useRef<PageStorageItems>([]);
  const [savedCount, setSavedCount] = useState(0);

  useEffect(() => {
    if (!frameRef.current) return;
    stored.current = storageKey ? readSavedPageStorage(storageKey) : [];
    setSavedCount(stored.current.length);
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      if (saveTimer === undefined) return;
      clearTimeout(saveTimer);
      saveTimer = undefined;
      if (storageKey) writeSavedPageStorage(storageKey, stored.current);
    };
    // Leaving the page (another lesson, a reload, closing the tab) must not drop the last change.
    window.addEventListener('pagehide', flush);
    const connected = connectPageSandbox(frameRef.current, (data) => {
      // The page's own script can post anything: only a well-formed storage update within the
      // page's quota is kept.
      const parsed = pageFrameMessageSchema.safeParse(data);
      if (!parsed.success || parsed.data.type !== 'page-storage') return;
      stored.current = parsed.data.items;
      setSavedCount(parsed.data.items.length);
      if (!storageKey) return;
      clearTimeout(saveTimer);
      saveTimer = setTimeout(flush, SAVE_DELAY_MS);
    });
    connected.render(buildPageDocument(latest.current, stored.current));
    sandbox.current = connected;
    return () => {
      flush();
      window.removeEventListener('pagehide', flush);
      connected.close();
      sandbox.current = null;
    };
  }, [storageKey]);

  useEffect(() => {
    const timer = setTimeout(() => sandbox.current?.render(buildPageDocument(files, stored.current)), UPDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [files]);

  const reload = () => sandbox.current?.render(buildPageDocument(latest.current, stored.current));
  const clearSaved = () => {
    stored.current = [];
    setSavedCount(0);
    if (storageKey) writeSavedPageStorage(storageKey, []);
    reload();
    // The button goes away with the data: keep keyboard focus in the toolbar.
    headerRef.current?.querySelector('button')?.focus();
  };

  // The sandbox attribute is in the server-rendered HTML; connectPageSandbox sets src once it listens.
  return (
    <div className={styles.frame}>
      <div ref={headerRef} className={styles.header}>
        <h2 className={styles.title}>Preview</h2>
        <span className={styles.saved} aria-live="polite">
          {savedCount > 0 ? `Saved by your page: ${itemCount(savedCount)}` : ''}
        </span>
        <Button variant="ghost" size="sm" onClick={reload}>
          Reload page
        </Button>
        {savedCount > 0 && (
          <Button variant="ghost" size="sm" onClick={clearSaved}>
            Clear saved data
          </Button>
        )}
      </div>
      <iframe ref={frameRef} title={title} sandbox="allow-scripts" className={styles.iframe} />
    </div>
  );
}

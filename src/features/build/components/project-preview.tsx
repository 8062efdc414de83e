import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { appendConsoleLine, previewMessageSchema, PREVIEW_RENDER, type ConsoleLine } from '@/domain/build/preview-messages';
import { previewOrigin } from '@/domain/build/preview-origin';
import type { ProjectFileDto } from '@/domain/build/project-dto';
import { readSavedPageStorage, writeSavedPageStorage } from '@/features/editor';
import { assemblePageDocumentWithMap, type AssembledPage } from '@/runner/html-page';
import { withLearnerLocation } from './learner-location';
import { PAGE_STORAGE_FROM_PAGE, pageStorageScript, type PageStorageItems } from '@/runner/page-storage';
import { pageStorageItemsSchema } from '@/runner/browser/sandbox-message-schemas';
import { previewConsoleScript } from '@/runner/preview-console';
import styles from './build.module.css';

/** How long typing pauses before the preview shows it. */
const RENDER_DELAY_MS = 300;

export interface ProjectPreviewProps {
  projectId: string;
  /** PREVIEW_ORIGIN (the server's configuration, e.g. http://p-{id}.localhost:3001). */
  previewTemplate: string;
  title: string;
  files: readonly ProjectFileDto[];
  /** The page's console, newest last (at most PREVIEW_CONSOLE_LINES). */
  onConsole?: (lines: ConsoleLine[]) => void;
  /** Where this viewer's copy of the page's localStorage is kept (null: for this visit only). */
  storageKey: string | null;
  /**
   * Whether the page may open alert/confirm/prompt dialogs: yes for the author's own page; no for a
   * shared page seen by others, where a "session expired, password:" prompt would look like ours.
   */
  dialogs?: boolean;
}

/**
 * A web project's running page, on the project's own origin (never the app's): the app posts the
 * assembled page to the preview document there, which shows it and sends back console lines. The
 * frame may run scripts and keep its own storage, but cannot open windows or navigate the app; its
 * origin's policy allows no network at all.
 */
export function ProjectPreview({ projectId, previewTemplate, title, files, onConsole, storageKey, dialogs = true }: ProjectPreviewProps) {
  const origin = previewOrigin(previewTemplate, projectId);
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  // The page's localStorage: the platform's (page-storage.ts), kept per viewer and project, because
  // a frame of another site gets no storage of its own from the browser.
  const storage = useRef<PageStorageItems | null>(null);
  storage.current ??= storageKey && typeof window !== 'undefined' ? readSavedPageStorage(storageKey) : [];
  const html = useMemo(
    () => assemblePageDocumentWithMap(files.map((file) => ({ name: file.path, content: file.content })), pageStorageScript(storage.current ?? []) + previewConsoleScript()),
    [files],
  );
  // The page shown with its source map: an error's document line is mapped with the map of the
  // document that reported it.
  const [shown, setShown] = useState<AssembledPage>(html);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const consoleLines = useRef<ConsoleLine[]>([]);
  // The frame is made in the browser only, after the listener below is in place: a frame in the
  // server's HTML would load, and say it is ready, before the page could hear it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const onConsoleRef = useRef(onConsole);
  onConsoleRef.current = onConsole;

  useEffect(() => {
    const timer = setTimeout(() => setShown(html), RENDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [html]);

  // Listening from the commit that creates the frame on, so its first message is never missed.
  useLayoutEffect(() => {
    function receive(event: MessageEvent) {
      // Only the preview document in this frame, from the project's origin; parsed, then shown as text.
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type === PAGE_STORAGE_FROM_PAGE) {
        const items = pageStorageItemsSchema.safeParse((event.data as { items?: unknown }).items);
        if (!items.success) return;
        storage.current = items.data;
        if (storageKey) writeSavedPageStorage(storageKey, items.data);
        return;
      }
      const message = previewMessageSchema.safeParse(event.data);
      if (!message.success) return;
      if (message.data.type === 'codetrail-preview-ready') {
        // Also after the preview document reloaded itself: it starts empty, so it gets the page again.
        ready.current = true;
        consoleLines.current = [];
        onConsoleRef.current?.([]);
        frame.current.contentWindow?.postMessage({ type: PREVIEW_RENDER, html: shownRef.current.html }, origin);
      } else {
        consoleLines.current = appendConsoleLine(consoleLines.current, { level: message.data.level, text: withLearnerLocation(message.data, shownRef.current) });
        onConsoleRef.current?.(consoleLines.current);
      }
    }
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [origin, storageKey]);

  useEffect(() => {
    if (!ready.current) return;
    consoleLines.current = [];
    onConsoleRef.current?.([]);
    frame.current?.contentWindow?.postMessage({ type: PREVIEW_RENDER, html: shown.html }, origin);
  }, [shown, origin]);

  if (!mounted) return <div className={styles.previewFrame} aria-hidden="true" />;
  return (
    <iframe
      ref={frame}
      className={styles.previewFrame}
      src={`${origin}/`}
      title={`Preview of ${title}`}
      sandbox={`allow-scripts allow-same-origin allow-forms${dialogs ? ' allow-modals' : ''}`}
      referrerPolicy="no-referrer"
      data-testid="project-preview"
      onLoad={() => {
        // The document says it is ready as it loads; if that message was lost, its load event still comes.
        if (ready.current) return;
        ready.current = true;
        frame.current?.contentWindow?.postMessage({ type: PREVIEW_RENDER, html: shownRef.current.html }, origin);
      }}
    />
  );
}

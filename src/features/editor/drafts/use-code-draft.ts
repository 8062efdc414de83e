import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client/api-error';
import { draftKey, readDraft, writeDraft, type Draft } from './draft-store';

export type SaveStatus = 'saved' | 'saving' | 'offline' | 'error';

const SYNC_DELAY_MS = 800;

/**
 * The server's own sentence when it refused these files for a reason the learner can fix (a
 * character that cannot be saved, a file too large); null for outages, which just retry.
 */
export function saveRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || [401, 408, 429].includes(error.status)) return null;
  return error.serverMessage;
}

/**
 * Whether the local draft opens instead of the server copy. A synced draft is on the server
 * already, so a server copy is the same code or newer (another device saved since): the server
 * wins. An unsynced draft holds typing the server never got: it wins when it is newer than the
 * server copy, and loses to code saved later on another device.
 */
export function draftWins(draft: Pick<Draft, 'updatedAt' | 'synced'>, serverSavedAt: string | null): boolean {
  if (serverSavedAt === null) return true;
  if (draft.synced) return false;
  return Date.parse(draft.updatedAt) > Date.parse(serverSavedAt);
}

export interface CodeDraftOptions {
  userId: string | null;
  /** What the draft is of: a lesson's id, or `project:<id>` for a build-area project. */
  draftId: string;
  /** The files the lesson opens with, and when the server saved them (null: starter files). */
  initialFiles: { name: string; content: string }[];
  serverSavedAt: string | null;
  starterFiles: { name: string; content: string }[];
  save: (files: { name: string; content: string }[]) => Promise<void>;
}

/**
 * Never lose code: every change is written to IndexedDB at once and synced to the server after a
 * short pause, when the page is hidden, and when the connection comes back. On load the newer of
 * the local draft and the server copy wins.
 */
export function useCodeDraft({ userId, draftId, initialFiles, serverSavedAt, starterFiles, save }: CodeDraftOptions) {
  const [files, setFiles] = useState(initialFiles);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [refusal, setRefusal] = useState<string | null>(null);
  const latest = useRef<Draft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;
  const key = userId ? draftKey(userId, draftId) : null;

  const sync = useCallback(async () => {
    clearTimeout(timer.current);
    const draft = latest.current;
    if (!draft || draft.synced || !key || saving.current) return;
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      setStatus('offline');
      return;
    }
    saving.current = true;
    setStatus('saving');
    try {
      await saveRef.current(draft.files);
      setRefusal(null);
      if (latest.current === draft) {
        latest.current = { ...draft, synced: true };
        await writeDraft(key, latest.current).catch(() => undefined);
        setStatus('saved');
      }
    } catch (error) {
      // The draft stays in IndexedDB unsynced: nothing typed is lost while the learner fixes it.
      setRefusal(saveRefusal(error));
      setStatus(typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'error');
    } finally {
      saving.current = false;
      // Changes made while saving go out next.
      if (latest.current && !latest.current.synced) timer.current = setTimeout(() => void sync(), SYNC_DELAY_MS);
    }
  }, [key]);

  // On load: the newer of the local draft and the server copy wins (draftWins).
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    readDraft(key)
      .then((draft) => {
        if (cancelled || !draft || !draftWins(draft, serverSavedAt)) return;
        latest.current = draft;
        setFiles(draft.files);
        if (!draft.synced) void sync();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [key, serverSavedAt, sync]);

  useEffect(() => {
    const online = () => void sync();
    const hidden = () => {
      if (document.visibilityState === 'hidden') void sync();
    };
    const offline = () => latest.current && !latest.current.synced && setStatus('offline');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', hidden);
      void sync();
    };
  }, [sync]);

  const replaceAll = useCallback(
    (next: { name: string; content: string }[]) => {
      setFiles(next);
      const draft: Draft = { files: next, updatedAt: new Date().toISOString(), synced: false };
      latest.current = draft;
      if (key) void writeDraft(key, draft).catch(() => setStatus('error'));
      setStatus(typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'saving');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void sync(), SYNC_DELAY_MS);
    },
    [key, sync],
  );

  const setFile = useCallback(
    (name: string, content: string) => {
      const base = latest.current?.files ?? files;
      replaceAll(base.map((file) => (file.name === name ? { ...file, content } : file)));
    },
    [files, replaceAll],
  );

  return { files, status, refusal, setFile, replaceAll, reset: () => replaceAll(starterFiles) };
}

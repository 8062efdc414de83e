import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PublishOutcome } from './publish-content';

/**
 * A preview deployment's working tree (docs/features/preview-deployments.md): course engineers
 * edit files under the content folder, and the server publishes them into its own database as soon
 * as they change, so every page, the toolbar and the checks see what is being written, without a
 * restart. Invalid content publishes nothing: the last good set stays, and the errors are kept for
 * the toolbar to show.
 */

/** Sizes and modification times of every file under `root` (a rename or an edit changes it). */
export async function folderFingerprint(root: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (folder: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      hash.update(`missing:${folder}\n`);
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const facts = await stat(full).catch(() => null);
        hash.update(`${path.relative(root, full)}:${facts?.size ?? -1}:${facts?.mtimeMs ?? -1}\n`);
      }
    }
  };
  await walk(root);
  return hash.digest('hex');
}

export interface PreviewContentStatus {
  /** The publish set the working tree last made (null: none made by this process yet). */
  publishSetVersion: number | null;
  /** When the tree was last looked at (ISO), and when it last changed a set. */
  checkedAt: string | null;
  publishedAt: string | null;
  /** The compiler's errors for the tree as it is now (empty when it published or was unchanged). */
  errors: string[];
}

export interface PreviewContent {
  /** Looks at the tree; publishes it when it changed since the last look. Never runs twice at once. */
  check(): Promise<PreviewContentStatus>;
  status(): PreviewContentStatus;
  /** Looks every `intervalMs` until stopped (the timer does not keep the process alive). */
  start(intervalMs?: number): () => void;
}

export function createPreviewContent(options: { root: string; publish: () => Promise<PublishOutcome>; now?: () => Date; log?: (line: string) => void }): PreviewContent {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  let seen: string | null = null;
  let running: Promise<PreviewContentStatus> | null = null;
  let current: PreviewContentStatus = { publishSetVersion: null, checkedAt: null, publishedAt: null, errors: [] };

  const look = async (): Promise<PreviewContentStatus> => {
    const fingerprint = await folderFingerprint(options.root);
    const checkedAt = now().toISOString();
    if (fingerprint === seen) return (current = { ...current, checkedAt });
    const outcome = await options.publish();
    // Remembered only once handled: a publish that threw is tried again at the next look.
    seen = fingerprint;
    if (outcome.kind === 'invalid') {
      log(`[codetrail] The working content tree has ${outcome.errors.length} error(s); the last good set stays published.`);
      return (current = { ...current, checkedAt, errors: outcome.errors });
    }
    if (outcome.kind === 'published') {
      log(`[codetrail] Working content tree published as set ${outcome.result.publishSetVersion}.`);
      return (current = { publishSetVersion: outcome.result.publishSetVersion, checkedAt, publishedAt: checkedAt, errors: [] });
    }
    return (current = { ...current, checkedAt, errors: [] });
  };

  const check = () => {
    running ??= look().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    check,
    status: () => current,
    start(intervalMs = 1000) {
      const timer = setInterval(() => {
        check().catch((error: unknown) => log(`[codetrail] Could not publish the working content tree: ${error instanceof Error ? error.message : String(error)}`));
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

import type { PendingCompletion } from '@/lib/api-client/progress-endpoints';
import { isJsonObject, parseJsonValue } from '@/domain/json/json-object';

/**
 * Lessons passed while the API was unreachable, kept in localStorage per learner until
 * /web/syncProgress sends them with their own time stamps. Nothing a learner did is lost.
 */
const KEY_PREFIX = 'codetrail.pendingCompletions.';
const MAX_PENDING = 500;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isPending(value: unknown): value is PendingCompletion {
  if (!isJsonObject(value)) return false;
  const entry = value;
  return ['trackId', 'tutorialId', 'chapterId', 'lessonId', 'mode', 'completedAt'].every((field) => typeof entry[field] === 'string') && typeof entry.attempts === 'number';
}

export function readPendingCompletions(userId: string): PendingCompletion[] {
  const raw = storage()?.getItem(KEY_PREFIX + userId);
  const parsed = parseJsonValue(raw);
  return Array.isArray(parsed) ? parsed.filter(isPending) : [];
}

function write(userId: string, entries: PendingCompletion[]): void {
  const store = storage();
  if (!store) return;
  if (entries.length === 0) store.removeItem(KEY_PREFIX + userId);
  else store.setItem(KEY_PREFIX + userId, JSON.stringify(entries.slice(-MAX_PENDING)));
}

/** Adds a completion; a lesson already waiting keeps its first time stamp. */
export function addPendingCompletion(userId: string, entry: PendingCompletion): void {
  const entries = readPendingCompletions(userId);
  if (entries.some((existing) => existing.lessonId === entry.lessonId)) return;
  write(userId, [...entries, entry]);
}

/** Drops the ones the server has answered for (recorded or rejected for good). */
export function removePendingCompletions(userId: string, lessonIds: readonly string[]): void {
  const done = new Set(lessonIds);
  write(
    userId,
    readPendingCompletions(userId).filter((entry) => !done.has(entry.lessonId)),
  );
}

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

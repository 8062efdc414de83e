import { PAGE_STORAGE_LIMIT_CHARS, storageSize, type PageStorageItems } from '@/runner/page-storage';

/**
 * What a learner's page saved in its localStorage, kept in the app's own localStorage per learner
 * and lesson, so the preview shows the same page after an edit, a reload of the lesson or another
 * visit on this device. Only the app reads it; it reaches the page again as data in the page's own
 * storage script (escaped, never as markup).
 */
const KEY_PREFIX = 'codetrail.pageStorage.';

export const pageStorageKey = (userId: string, lessonId: string): string => `${KEY_PREFIX}${userId}.${lessonId}`;

function appStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const isItems = (value: unknown): value is PageStorageItems =>
  Array.isArray(value) && value.every((item) => Array.isArray(item) && item.length === 2 && typeof item[0] === 'string' && typeof item[1] === 'string');

/** The items saved under `key`; nothing (an empty list) when there are none or they are unreadable. */
export function readSavedPageStorage(key: string): PageStorageItems {
  const raw = appStorage()?.getItem(key);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return isItems(parsed) && storageSize(parsed) <= PAGE_STORAGE_LIMIT_CHARS ? parsed : [];
  } catch {
    return [];
  }
}

/** Keeps `items` under `key` (an empty list removes the entry). False when the browser refused. */
export function writeSavedPageStorage(key: string, items: PageStorageItems): boolean {
  const store = appStorage();
  if (!store) return false;
  try {
    if (items.length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify(items));
    return true;
  } catch {
    return false;
  }
}

import { isPageStorageItems, type PageStorageItems } from '@/runner/page-storage';
import { parseJsonValue } from '@/domain/json/json-object';

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

/** The items saved under `key`; nothing (an empty list) when there are none or they are unreadable. */
export function readSavedPageStorage(key: string): PageStorageItems {
  const raw = appStorage()?.getItem(key);
  const value = parseJsonValue(raw);
  return isPageStorageItems(value) ? value : [];
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

/**
 * `localStorage` for learners' pages. A page runs in an opaque origin (sandboxed without
 * allow-same-origin), where the browser's own storage throws a SecurityError, and it must never
 * reach the app's storage anyway. So every page document starts with a small script that gives the
 * page a Storage of its own: the real API (getItem, setItem, removeItem, clear, key, length,
 * `localStorage.name` as a property), held in the page's memory, seeded with what the page saved
 * last time and reported to the frame's parent after each change. The player keeps those items per
 * learner and lesson, so a to-do list keeps its items when the preview reloads; checks start from
 * empty storage and may reload the page (a `reload` step) keeping what it saved.
 */

/** The message a page's storage posts to its parent after a change (batched per task). */
export const PAGE_STORAGE_FROM_PAGE = 'codetrail-page-storage';

/**
 * How much one page may keep: characters of keys plus values. Browsers allow about 5 million per
 * origin; a lesson page needs a few hundred, and the player stores this in the app's own storage.
 */
export const PAGE_STORAGE_LIMIT_CHARS = 100_000;

export type PageStorageItems = [string, string][];

export const storageSize = (items: PageStorageItems): number => items.reduce((total, [key, value]) => total + key.length + value.length, 0);

/**
 * A page's localStorage as the app accepts it: a list of [key, value] string pairs within the
 * shim's limit (a page that says more is not believed). Plain code, not a schema, so the lesson
 * page's first load does not carry a validation library for it (the frames' messages use zod/mini
 * with this as their rule: sandbox-message-schemas.ts).
 */
export function isPageStorageItems(value: unknown): value is PageStorageItems {
  if (!Array.isArray(value) || value.length > PAGE_STORAGE_LIMIT_CHARS) return false;
  for (const item of value as unknown[]) {
    if (!Array.isArray(item) || item.length !== 2 || typeof item[0] !== 'string' || typeof item[1] !== 'string') return false;
  }
  return storageSize(value as PageStorageItems) <= PAGE_STORAGE_LIMIT_CHARS;
}

/**
 * Installs the page's storage. Self-contained (no imports, no closures over this module): its
 * source is written into the page document, which runs it before any of the learner's scripts.
 */
export function installPageStorage(initial: [string, string][], limit: number, messageType: string): void {
  const items = new Map<string, string>(initial);
  let reportPending = false;
  const report = () => {
    if (reportPending) return;
    reportPending = true;
    // Once per task, however many items a loop sets: the player only needs the latest state.
    Promise.resolve().then(() => {
      reportPending = false;
      try {
        window.parent.postMessage({ type: messageType, items: Array.from(items) }, '*');
      } catch {
        // A parent that is gone has nothing to keep.
      }
    });
  };
  const size = () => {
    let total = 0;
    items.forEach((value, key) => {
      total += key.length + value.length;
    });
    return total;
  };
  const methods: Record<string, unknown> = {
    getItem: (key: unknown) => {
      const name = String(key);
      return items.has(name) ? (items.get(name) as string) : null;
    },
    setItem: (key: unknown, value: unknown) => {
      const name = String(key);
      const text = String(value);
      const previous = items.get(name);
      items.set(name, text);
      if (size() > limit) {
        if (previous === undefined) items.delete(name);
        else items.set(name, previous);
        throw new DOMException(`Failed to execute 'setItem' on 'Storage': Setting the value of '${name}' exceeded the quota.`, 'QuotaExceededError');
      }
      if (previous !== text) report();
    },
    removeItem: (key: unknown) => {
      if (items.delete(String(key))) report();
    },
    clear: () => {
      if (items.size === 0) return;
      items.clear();
      report();
    },
    key: (index: unknown) => {
      const position = Math.trunc(Number(index)) || 0;
      return Array.from(items.keys())[position] ?? null;
    },
  };
  const storage = new Proxy(Object.create(null) as Record<string, unknown>, {
    get: (_, property) => {
      if (property === 'length') return items.size;
      if (typeof property !== 'string') return property === Symbol.toStringTag ? 'Storage' : undefined;
      if (property in methods) return methods[property];
      return items.has(property) ? items.get(property) : undefined;
    },
    set: (_, property, value) => {
      if (typeof property !== 'string' || property in methods || property === 'length') return false;
      (methods.setItem as (key: string, value: unknown) => void)(property, value);
      return true;
    },
    deleteProperty: (_, property) => {
      if (typeof property === 'string') (methods.removeItem as (key: string) => void)(property);
      return true;
    },
    has: (_, property) => typeof property === 'string' && (property in methods || property === 'length' || items.has(property)),
    ownKeys: () => Array.from(items.keys()),
    getOwnPropertyDescriptor: (_, property) =>
      typeof property === 'string' && items.has(property) ? { value: items.get(property), writable: true, enumerable: true, configurable: true } : undefined,
  });
  const session = new Map<string, string>();
  const sessionStorage = {
    get length() {
      return session.size;
    },
    getItem: (key: unknown) => session.get(String(key)) ?? null,
    setItem: (key: unknown, value: unknown) => void session.set(String(key), String(value)),
    removeItem: (key: unknown) => void session.delete(String(key)),
    clear: () => session.clear(),
    key: (index: unknown) => Array.from(session.keys())[Math.trunc(Number(index)) || 0] ?? null,
  };
  Object.defineProperty(window, 'localStorage', { value: storage, configurable: true, enumerable: true });
  Object.defineProperty(window, 'sessionStorage', { value: sessionStorage, configurable: true, enumerable: true });
}

/** The items as a JavaScript literal that is safe inside a <script> element. */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The script element that installs the storage. It removes itself once it has run, so the page's
 * DOM is the learner's own (a check counting `script` elements sees only theirs).
 */
export function pageStorageScript(items: PageStorageItems = []): string {
  // `__name` is a helper the TypeScript transpiler of the Node tools may add to named functions.
  return `<script>(function(){var __name=function(f){return f};(${installPageStorage.toString()})(${scriptLiteral(items)},${PAGE_STORAGE_LIMIT_CHARS},${JSON.stringify(PAGE_STORAGE_FROM_PAGE)});var s=document.currentScript;if(s)s.remove();})();</script>`;
}

/**
 * The local copy of every keystroke: IndexedDB, keyed by learner and lesson. Survives reloads,
 * crashes and being offline; the server copy is synced from it.
 */
export interface Draft {
  files: { name: string; content: string }[];
  updatedAt: string;
  /** Whether the server has this exact version. */
  synced: boolean;
}

const DB_NAME = 'codetrail';
const STORE = 'lesson-drafts';

// One connection for the page: transactions on it commit in the order they were made, so the
// last keystroke's draft is always the one that stays.
let connection: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  connection ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      request.result.onclose = () => {
        connection = null;
      };
      resolve(request.result);
    };
    request.onerror = () => {
      connection = null;
      reject(request.error ?? new Error('IndexedDB is not available'));
    };
  });
  return connection;
}

async function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const request = work(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export const draftKey = (userId: string, draftId: string) => `${userId}:${draftId}`;

export function readDraft(key: string): Promise<Draft | undefined> {
  return transact('readonly', (store) => store.get(key) as IDBRequest<Draft | undefined>);
}

export async function writeDraft(key: string, draft: Draft): Promise<void> {
  await transact('readwrite', (store) => store.put(draft, key));
}

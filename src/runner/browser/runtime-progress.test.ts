import { createProgressStore, IDLE_PROGRESS, progressPercent, type RuntimeProgress } from './runtime-progress';

describe('progressPercent', () => {
  const at = (progress: Partial<RuntimeProgress>) => progressPercent({ ...IDLE_PROGRESS, ...progress });
  it.each<[string, Partial<RuntimeProgress>, number]>([
    ['idle', {}, 0],
    ['download not started', { status: 'loading', stage: 'download', loadedBytes: 0, totalBytes: 1000 }, 0],
    ['half downloaded', { status: 'loading', stage: 'download', loadedBytes: 500, totalBytes: 1000 }, 43],
    ['more bytes than announced', { status: 'loading', stage: 'download', loadedBytes: 2000, totalBytes: 1000 }, 85],
    ['unknown size', { status: 'loading', stage: 'download', loadedBytes: 500, totalBytes: 0 }, 0],
    ['starting', { status: 'loading', stage: 'start', loadedBytes: 1000, totalBytes: 1000 }, 85],
    ['ready', { status: 'ready', stage: null }, 100],
  ])('%s', (_name, progress, percent) => expect(at(progress)).toBe(percent));
});

describe('createProgressStore', () => {
  it('merges updates and tells subscribers until they leave', () => {
    const store = createProgressStore();
    const seen: string[] = [];
    const leave = store.subscribe(() => seen.push(store.get().status));
    store.set({ status: 'loading', stage: 'download' });
    store.set({ loadedBytes: 10 });
    leave();
    store.set({ status: 'ready' });
    expect(seen).toEqual(['loading', 'loading']);
    expect(store.get()).toEqual({ status: 'ready', stage: 'download', loadedBytes: 10, totalBytes: 0 });
  });
});

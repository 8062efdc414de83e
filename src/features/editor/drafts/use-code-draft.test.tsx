import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@/lib/api-client/api-error';
import type { Draft } from './draft-store';
import { draftWins, saveRefusal, useCodeDraft } from './use-code-draft';

const stored = new Map<string, Draft>();
jest.mock('./draft-store', () => ({
  draftKey: (userId: string, draftId: string) => `${userId}:${draftId}`,
  readDraft: async (key: string) => stored.get(key),
  writeDraft: async (key: string, draft: Draft) => void stored.set(key, draft),
}));

const REFUSED = 'main.py contains a character that cannot be saved (NUL, U+0000) on line 3. Remove it and try again.';

describe('saveRefusal', () => {
  it.each([
    ['a 422 with the server’s sentence', new ApiError('postSavedFiles', 422, 'Unprocessable Entity', REFUSED), REFUSED],
    ['a 413', new ApiError('postSavedFiles', 413, 'Payload Too Large', '"main.py" is larger than 100 KB.'), '"main.py" is larger than 100 KB.'],
    ['a 503 (an outage: it retries, nothing to fix)', new ApiError('postSavedFiles', 503, 'Service Unavailable', 'The service is starting.'), null],
    ['an expired session', new ApiError('postSavedFiles', 401, 'Unauthorized', 'Sign in again.'), null],
    ['a network error', new ApiError('postSavedFiles', 0, 'Network error', 'Check your connection and try again.'), null],
    ['anything else', new Error('boom'), null],
  ])('%s', (_case, error, expected) => {
    expect(saveRefusal(error)).toBe(expected);
  });
});

describe('draftWins', () => {
  const server = '2026-05-01T10:00:00.000Z';
  it.each([
    ['no server copy: a synced draft', { updatedAt: '2026-05-01T09:00:00.000Z', synced: true }, null, true],
    ['no server copy: an unsynced draft', { updatedAt: '2026-05-01T09:00:00.000Z', synced: false }, null, true],
    ['a synced draft older than the server copy (another device saved since)', { updatedAt: '2026-05-01T09:00:00.000Z', synced: true }, server, false],
    ['a synced draft newer by its own clock (it is on the server already)', { updatedAt: '2026-05-01T11:00:00.000Z', synced: true }, server, false],
    ['an unsynced draft newer than the server copy', { updatedAt: '2026-05-01T10:00:01.000Z', synced: false }, server, true],
    ['an unsynced draft older than the server copy', { updatedAt: '2026-05-01T09:59:59.000Z', synced: false }, server, false],
    ['an unsynced draft as old as the server copy', { updatedAt: server, synced: false }, server, false],
  ])('%s', (_case, draft, serverSavedAt, expected) => {
    expect(draftWins(draft, serverSavedAt)).toBe(expected);
  });
});

describe('useCodeDraft', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    stored.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('shows why the server refused the files and keeps the draft on this device, unsynced', async () => {
    const save = jest.fn().mockRejectedValueOnce(new ApiError('postSavedFiles', 422, 'Unprocessable Entity', REFUSED)).mockResolvedValue(undefined);
    const starter = [{ name: 'main.py', content: 'print("hi")' }];
    const { result } = renderHook(() => useCodeDraft({ userId: 'u1', draftId: 'py-hello', initialFiles: starter, serverSavedAt: null, starterFiles: starter, save }));

    act(() => result.current.setFile('main.py', 'a = 1\nb = 2\nprint(a\u0000b)'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('error');
    expect(result.current.refusal).toBe(REFUSED);
    expect(result.current.files).toEqual([{ name: 'main.py', content: 'a = 1\nb = 2\nprint(a\u0000b)' }]);
    expect(stored.get('u1:py-hello')).toMatchObject({ files: [{ name: 'main.py', content: 'a = 1\nb = 2\nprint(a\u0000b)' }], synced: false });

    act(() => result.current.setFile('main.py', 'a = 1\nb = 2\nprint(a, b)'));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(result.current.status).toBe('saved');
    expect(result.current.refusal).toBeNull();
    expect(stored.get('u1:py-hello')).toMatchObject({ synced: true });
  });

  const starter = [{ name: 'main.py', content: 'print("starter")' }];
  const fromServer = [{ name: 'main.py', content: 'print("saved on the laptop")' }];

  it('opens the server copy over a synced draft of this device (the other device saved later)', async () => {
    stored.set('u1:py-hello', { files: [{ name: 'main.py', content: 'print("old")' }], updatedAt: '2026-05-01T09:00:00.000Z', synced: true });
    const save = jest.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() => useCodeDraft({ userId: 'u1', draftId: 'py-hello', initialFiles: fromServer, serverSavedAt: '2026-05-01T10:00:00.000Z', starterFiles: starter, save }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(result.current.files).toEqual(fromServer);
    expect(save).not.toHaveBeenCalled();
  });

  it('opens an unsynced draft newer than the server copy and sends it', async () => {
    const typed = [{ name: 'main.py', content: 'print("typed offline")' }];
    stored.set('u1:py-hello', { files: typed, updatedAt: '2026-05-01T11:00:00.000Z', synced: false });
    const save = jest.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() => useCodeDraft({ userId: 'u1', draftId: 'py-hello', initialFiles: fromServer, serverSavedAt: '2026-05-01T10:00:00.000Z', starterFiles: starter, save }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(result.current.files).toEqual(typed);
    expect(save).toHaveBeenCalledWith(typed);
    expect(result.current.status).toBe('saved');
    expect(stored.get('u1:py-hello')).toMatchObject({ files: typed, synced: true });
  });
});

import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@/lib/api-client/api-error';
import type { Draft } from './draft-store';
import { saveRefusal, useLessonDraft } from './use-lesson-draft';

const stored = new Map<string, Draft>();
jest.mock('./draft-store', () => ({
  draftKey: (userId: string, lessonId: string) => `${userId}:${lessonId}`,
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

describe('useLessonDraft', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    stored.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('shows why the server refused the files and keeps the draft on this device, unsynced', async () => {
    const save = jest.fn().mockRejectedValueOnce(new ApiError('postSavedFiles', 422, 'Unprocessable Entity', REFUSED)).mockResolvedValue(undefined);
    const starter = [{ name: 'main.py', content: 'print("hi")' }];
    const { result } = renderHook(() => useLessonDraft({ userId: 'u1', lessonId: 'py-hello', initialFiles: starter, serverSavedAt: null, starterFiles: starter, save }));

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
});

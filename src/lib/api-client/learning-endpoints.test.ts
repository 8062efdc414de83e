import { createApiClient } from './api-client';
import { learningEndpoints } from './learning-endpoints';

type Call = { url: string; init: RequestInit };

function clientReturning(status: number, body: unknown, statusText = 'OK') {
  const calls: Call[] = [];
  const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, statusText });
  });
  return { api: learningEndpoints(createApiClient({ baseUrl: '/api/v1', getToken: async () => 't', fetch })), calls };
}

const chapter = { trackId: 'python', tutorialId: 'python-basics', chapterId: 'first-steps' };
const lesson = { ...chapter, lessonId: 'py-hello' };
const base = '/api/v1/tracks/python/tutorials/python-basics/chapters/first-steps';

describe('learning endpoints', () => {
  it('builds the spec §7 paths and payloads', async () => {
    const saved = clientReturning(200, { lessonId: 'py-hello', publishSetVersion: 3, savedAt: 'now' });
    await saved.api.saveFiles(lesson, 3, [{ name: 'main.py', userContent: 'print(1)' }]);
    expect(saved.calls[0]?.url).toBe(`${base}/lessons/py-hello/savefiles?publishSetVersion=3`);
    expect(saved.calls[0]?.init).toMatchObject({ method: 'POST', body: '{"files":[{"name":"main.py","userContent":"print(1)"}]}' });

    const files = clientReturning(200, { savedFiles: [] });
    await files.api.savedFiles(chapter, 2);
    expect(files.calls[0]?.url).toBe(`${base}/savedFiles?trackVersion=2`);

    const clear = clientReturning(200, { cleared: 1 });
    await clear.api.clearSavedFiles(chapter, 2);
    expect(clear.calls[0]?.url).toBe(`${base}/savedFiles/clear?trackVersion=2`);

    const run = clientReturning(200, {});
    await run.api.preview.runFiles(lesson, []);
    expect(run.calls[0]?.url).toBe('/api/v1/preview/tracks/python/tutorials/python-basics/chapters/first-steps/lessons/py-hello/runfiles');

    const cache = clientReturning(200, { clearedTrackVersions: 1 });
    await cache.api.preview.clearCache(chapter);
    expect(cache.calls[0]?.url).toBe(`/api/v1/preview/tracks/python/tutorials/python-basics/chapters/first-steps/savedFiles/clearCache`);
  });

  it.each([
    ['savedFiles', (api: ReturnType<typeof clientReturning>['api']) => api.savedFiles(chapter, 1), 'Could not fetch saved files for lesson'],
    ['clearSavedFiles', (api: ReturnType<typeof clientReturning>['api']) => api.clearSavedFiles(chapter, 1), 'Could not fetch saved files for lesson'],
    ['saveFiles', (api: ReturnType<typeof clientReturning>['api']) => api.saveFiles(lesson, 1, []), 'Could not post saved files'],
    ['preview.runFiles', (api: ReturnType<typeof clientReturning>['api']) => api.preview.runFiles(lesson, []), 'Could not post saved files to preview'],
    ['preview.clearCache', (api: ReturnType<typeof clientReturning>['api']) => api.preview.clearCache(chapter), 'Could not clear saved files cache'],
  ])('%s fails with the spec message', async (_name, invoke, message) => {
    const { api } = clientReturning(404, { message: 'No such chapter' }, 'Not Found');
    await expect(invoke(api)).rejects.toThrow(`${message}: Not Found (404). No such chapter`);
  });

  it('rejects a response of the wrong shape', async () => {
    const { api } = clientReturning(200, { savedFiles: 'nope' });
    await expect(api.savedFiles(chapter, 1)).rejects.toThrow();
  });
});

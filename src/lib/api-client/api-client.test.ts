import { installErrorSink, resetErrorReporting, type ErrorContext } from '@/lib/monitoring/report-error';
import { createApiClient, buildApiUrl } from './api-client';
import { API_ERROR_MESSAGES, ApiError, type ApiErrorKey } from './api-error';

function respond(status: number, statusText: string, body?: unknown) {
  return jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, statusText }),
  );
}

describe('api client', () => {
  // 5xx and network failures are reported, which logs them.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('attaches the bearer token and sends JSON to the base URL', async () => {
    const fetch = respond(201, 'Created', { visitedAt: 'now' });
    const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => 'tok', fetch });
    const result = await client.request<{ visitedAt: string }>({ method: 'POST', path: '/user/visits', body: { appName: 'web' }, errorKey: 'recordVisit' });
    expect(result).toEqual({ visitedAt: 'now' });
    expect(fetch).toHaveBeenCalledWith('/api/v1/user/visits', {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: 'Bearer tok', 'Content-Type': 'application/json' },
      body: '{"appName":"web"}',
    });
  });

  it('uses the preview variant and query parameters', () => {
    expect(buildApiUrl('https://api.example.com/api/v1/', '/tracks/t/savedFiles', true, { trackVersion: 3, skip: undefined })).toBe(
      'https://api.example.com/api/v1/preview/tracks/t/savedFiles?trackVersion=3',
    );
  });

  const catalogue = Object.entries(API_ERROR_MESSAGES) as [ApiErrorKey, string][];

  it.each(catalogue)('%s: message, status text, status code and server message', async (key, base) => {
    const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => 'tok', fetch: respond(422, 'Unprocessable Entity', { message: 'File name is not allowed' }) });
    const call = client.request({ path: '/x', errorKey: key });
    await expect(call).rejects.toThrow(new ApiError(key, 422, 'Unprocessable Entity', 'File name is not allowed'));
    await expect(client.request({ path: '/x', errorKey: key })).rejects.toThrow(`${base}: Unprocessable Entity (422). File name is not allowed`);
  });

  it.each(catalogue)('%s: without a server message', async (key, base) => {
    const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => 'tok', fetch: respond(500, 'Internal Server Error', 'oops') });
    await expect(client.request({ path: '/x', errorKey: key })).rejects.toThrow(`${base}: Internal Server Error (500)`);
  });

  it('keeps the status on the error for callers', async () => {
    const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => null, fetch: respond(404, 'Not Found', { message: 'No such lesson' }) });
    const error = await client.request({ path: '/x', errorKey: 'fetchSavedFiles' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe('No such lesson');
    expect((error as ApiError).message).toBe('Could not fetch saved files for lesson: Not Found (404). No such lesson');
    // What a learner reads says no status (src/lib/errors/user-message.ts).
    expect((error as ApiError).userMessage).toBe('Could not fetch saved files for lesson. No such lesson.');
  });

  it('sends a shed request again after the server\'s Retry-After, up to three times; a handler\'s own 503 is not sent again', async () => {
    const shed = () => new Response('{"message":"Codetrail is very busy right now. Try again in a moment."}', { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': '1', 'X-Codetrail-Shed': '1' } });
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    const fetch = jest
      .fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response('{"saved":true}', { status: 200 }))
      .mockImplementationOnce(async () => shed())
      .mockImplementationOnce(async () => shed());
    const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => 'tok', fetch, wait });
    await expect(client.request({ method: 'PUT', path: '/files', body: { code: 'print(1)' }, errorKey: 'postSavedFiles' })).resolves.toEqual({ saved: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls.map(([, init]) => init?.body)).toEqual(['{"code":"print(1)"}', '{"code":"print(1)"}', '{"code":"print(1)"}']);
    expect(waits).toEqual([1000, 1000]);

    const alwaysShed = jest.fn(async () => shed());
    const busy = createApiClient({ baseUrl: '/api/v1', getToken: async () => 'tok', fetch: alwaysShed, wait, onUnexpectedFailure: () => undefined });
    await expect(busy.request({ path: '/x', errorKey: 'fetchProfile' })).rejects.toMatchObject({ status: 503 });
    expect(alwaysShed).toHaveBeenCalledTimes(4);

    const starting = jest.fn(async () => new Response('{"message":"The database is starting."}', { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': '1' } }));
    const handler503 = createApiClient({ baseUrl: '/api/v1', getToken: async () => 'tok', fetch: starting, wait, onUnexpectedFailure: () => undefined });
    await expect(handler503.request({ path: '/x', errorKey: 'fetchProfile' })).rejects.toMatchObject({ status: 503, serverMessage: 'The database is starting.' });
    expect(starting).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into a catalogue error', async () => {
    const fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => 'tok', fetch });
    await expect(client.request({ path: '/user/me', errorKey: 'fetchProfile' })).rejects.toThrow(
      'Could not fetch your profile: Network error (0). Check your connection and try again.',
    );
  });
});

describe('api client: unexpected failures go to the error reporter', () => {
  let reports: { error: unknown; context: ErrorContext }[];
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    reports = [];
    installErrorSink((error, context) => reports.push({ error, context }));
  });
  afterEach(() => {
    resetErrorReporting();
    jest.restoreAllMocks();
  });

  it.each([
    [500, 'Internal Server Error', true],
    [503, 'Service Unavailable', true],
    [400, 'Bad Request', false],
    [401, 'Unauthorized', false],
    [402, 'Payment Required', false],
    [404, 'Not Found', false],
    [429, 'Too Many Requests', false],
  ])('%i is reported: %s → %s', async (status, statusText, reported) => {
    const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => 'tok', fetch: respond(status, statusText, { message: 'm' }) });
    const error = await client.request({ method: 'POST', path: '/progress/sync', errorKey: 'syncProgress' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(reports).toEqual(reported ? [{ error, context: { area: 'api-client', message: 'api client: POST /progress/sync failed', extra: { errorKey: 'syncProgress', status, method: 'POST', path: '/progress/sync' } } }] : []);
  });

  it('reports a request that got no answer, unless the browser knows it is offline', async () => {
    const failing = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => null, fetch: failing });
    await client.request({ path: '/user/me', errorKey: 'fetchProfile' }).catch(() => undefined);
    expect(reports.map(({ context }) => context.extra?.status)).toEqual([0]);

    const previous = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
    try {
      await client.request({ path: '/user/me', errorKey: 'fetchProfile' }).catch(() => undefined);
    } finally {
      if (previous) Object.defineProperty(globalThis, 'navigator', previous);
      else Reflect.deleteProperty(globalThis, 'navigator');
    }
    expect(reports).toHaveLength(1);
  });

  it('takes another handler', async () => {
    const seen = jest.fn();
    const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => null, fetch: respond(502, 'Bad Gateway'), onUnexpectedFailure: seen });
    await client.request({ path: '/tracks', errorKey: 'fetchTracks' }).catch(() => undefined);
    expect(seen).toHaveBeenCalledWith(expect.any(ApiError), { method: 'GET', path: '/tracks' });
    expect(reports).toEqual([]);
  });
});

import { shedRetryDelayMs, SHED_HEADER } from '@/domain/routing/load-shedding';
import { reportError } from '@/lib/monitoring/report-error';
import { ApiError, readServerMessage, type ApiErrorKey } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;

/**
 * Any zod schema (classic or `zod/mini`): endpoints on a page's startup path use zod/mini, whose
 * schemas cost a fraction of classic zod's to download and build.
 */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/v1, starting with '/'. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Send to the /preview variant of the API (course engineer tools). */
  preview?: boolean;
  errorKey: ApiErrorKey;
  /** Validates the response; without it the body is returned as is (or undefined when empty). */
  schema?: ResponseSchema<T>;
}

export interface ApiClientOptions {
  /** Absolute or same-origin base URL of API v1, e.g. "/api/v1". */
  baseUrl: string;
  getToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Told of failures nobody expects (5xx, no answer); reportApiFailure by default. */
  onUnexpectedFailure?: (error: ApiError, call: { method: string; path: string }) => void;
  /** How a shed request waits before it is sent again (tests pass a clock of their own). */
  wait?: (ms: number) => Promise<void>;
}

const waitFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A 4xx is an answer (not found, invalid, paywall) that the page explains; a 5xx or no answer at
 * all is a failure worth knowing about. A network error while the browser knows it is offline is
 * expected too (the player keeps working offline), so it is not reported.
 */
export function reportApiFailure(error: ApiError, call: { method: string; path: string }): void {
  if (error.status === 0 && typeof navigator !== 'undefined' && navigator.onLine === false) return;
  reportError(error, { area: 'api-client', message: `api client: ${call.method} ${call.path} failed`, extra: { errorKey: error.key, status: error.status, method: call.method, path: call.path } });
}

export function buildApiUrl(baseUrl: string, path: string, preview: boolean, query?: Record<string, QueryValue>): string {
  const base = baseUrl.replace(/\/+$/, '') + (preview ? '/preview' : '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/** The one API client: bearer token attached, JSON in and out, catalogue errors on failure. */
export function createApiClient(options: ApiClientOptions) {
  async function request<T>(call: ApiRequestOptions<T>): Promise<T> {
    const doFetch = options.fetch ?? fetch;
    const token = await options.getToken();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';

    const method = call.method ?? 'GET';
    const unexpected = (error: ApiError) => {
      (options.onUnexpectedFailure ?? reportApiFailure)(error, { method, path: call.path });
      return error;
    };
    let response: Response;
    // A busy server sheds a request before any handler reads it (load-shedding.ts): it is sent
    // again after the server's Retry-After, so a learner's save survives a moment of overload.
    for (let attempt = 0; ; attempt += 1) {
      try {
        response = await doFetch(buildApiUrl(options.baseUrl, call.path, call.preview ?? false, call.query), {
          method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        });
      } catch {
        throw unexpected(new ApiError(call.errorKey, 0, 'Network error', 'Check your connection and try again.'));
      }
      const delay = shedRetryDelayMs(response.status, response.headers.get(SHED_HEADER), response.headers.get('Retry-After'), attempt);
      if (delay === null) break;
      await response.body?.cancel().catch(() => undefined);
      await (options.wait ?? waitFor)(delay);
    }
    if (!response.ok) {
      const error = new ApiError(call.errorKey, response.status, response.statusText, await readServerMessage(response));
      throw response.status >= 500 ? unexpected(error) : error;
    }
    const text = await response.text();
    const data: unknown = text.length > 0 ? JSON.parse(text) : undefined;
    return call.schema ? call.schema.parse(data) : (data as T);
  }

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

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

    let response: Response;
    try {
      response = await doFetch(buildApiUrl(options.baseUrl, call.path, call.preview ?? false, call.query), {
        method: call.method ?? 'GET',
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
    } catch {
      throw new ApiError(call.errorKey, 0, 'Network error', 'Check your connection and try again.');
    }
    if (!response.ok) {
      throw new ApiError(call.errorKey, response.status, response.statusText, await readServerMessage(response));
    }
    const text = await response.text();
    const data: unknown = text.length > 0 ? JSON.parse(text) : undefined;
    return call.schema ? call.schema.parse(data) : (data as T);
  }

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

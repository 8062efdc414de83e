import { nextStepFor } from '@/lib/api-client/api-error';

/** The workspace page's calls to the instance app's JSON API (same origin, session cookie). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Listener = (status: 401 | 409, message: string) => void;
const listeners: Listener[] = [];

/** Called when the session ended (401) or the machine stopped (409). */
export function onSessionProblem(listener: Listener): void {
  listeners.push(listener);
}

export async function api(path: string, init: { method?: string; body?: BodyInit; contentType?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'x-requested-with': 'codetrail' };
  if (init.contentType) headers['content-type'] = init.contentType;
  let response: Response;
  try {
    response = await fetch(path, { method: init.method ?? 'GET', body: init.body, headers, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'The workspace could not be reached. Check your connection.');
  }
  if (response.ok) return response;
  // Never the bare status: the learner reads this sentence (the status stays on the error).
  let message = `The workspace could not do that. ${nextStepFor(response.status)}`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON: keep the generic sentence
  }
  if (response.status === 401 || response.status === 409) for (const listener of listeners) listener(response.status, message);
  throw new ApiError(response.status, message);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

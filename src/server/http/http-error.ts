/** An error the API answers with its own status and `{ message }`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 501 | 502 | 503,
    message: string,
    /** Sent with the answer, e.g. Retry-After on 429 and 503. */
    readonly headers?: Record<string, string>,
    /** More fields of the JSON answer beside `message` (e.g. `proRequired` on a 402). */
    readonly details?: Record<string, string | number | boolean>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const conflict = (message: string) => new HttpError(409, message);
/** Pro content for a free learner: 402 with what to unlock, so clients can show the paywall. */
export const proRequired = (message: string, feature: string) => new HttpError(402, message, undefined, { proRequired: true, feature });

/**
 * Whether `error` is an HttpError (with `status`, if given). By name and shape, not instanceof:
 * Next.js bundles each page's server code apart, and the services (kept on globalThis for the
 * process) may have been made by another bundle, with its own copy of the class.
 */
export function isHttpError(error: unknown, status?: HttpError['status']): error is HttpError {
  if (!(error instanceof Error) || error.name !== 'HttpError' || !('status' in error)) return false;
  return status === undefined || error.status === status;
}

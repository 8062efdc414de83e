/** An error the API answers with its own status and `{ message }`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 501 | 502 | 503,
    message: string,
    /** Sent with the answer, e.g. Retry-After on 429 and 503. */
    readonly headers?: Record<string, string>,
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

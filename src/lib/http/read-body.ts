import type { IncomingHttpHeaders } from 'node:http';

/**
 * The one reader of HTTP bodies for the three processes (web app, instance app, machine agent) and
 * the grader: a size cap, and an error type per way a body is refused, which each caller turns into
 * its own answer (status and sentence). It imports nothing of the app, so the machine agent's
 * bundle may carry it (the import zones in eslint.config.mjs).
 */

/** The body is (or says it is) larger than the reader's cap. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes.`);
  }
}

/** The body's bytes are not JSON (an empty body included). */
export class BodyNotJsonError extends Error {
  override name = 'BodyNotJsonError';
  constructor() {
    super('The body is not JSON.');
  }
}

// By name, not instanceof: Next bundles each route apart, each with its own copy of these classes.
export function isBodyTooLarge(error: unknown): error is BodyTooLargeError {
  return error instanceof Error && error.name === 'BodyTooLargeError';
}

export function isBodyNotJson(error: unknown): error is BodyNotJsonError {
  return error instanceof Error && error.name === 'BodyNotJsonError';
}

/** A request (or response) body: Node's IncomingMessage, or any stream of chunks. */
export interface BodySource extends AsyncIterable<Buffer | string> {
  headers?: IncomingHttpHeaders;
}

/**
 * The whole body as bytes. Past `maxBytes` it throws BodyTooLargeError: at once when its
 * Content-Length says so, else as soon as the bytes read pass the cap (the rest is not read, and the
 * stream is ended as Node ends a stream whose reading stops).
 */
export async function readBody(source: BodySource, maxBytes: number): Promise<Buffer> {
  const declared = Number(source.headers?.['content-length'] ?? 0);
  if (declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The bytes as JSON (UTF-8), or BodyNotJsonError. */
export function parseJsonBody(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new BodyNotJsonError();
  }
}

/** readBody then parseJsonBody: BodyTooLargeError or BodyNotJsonError. */
export async function readJsonBody(source: BodySource, maxBytes: number): Promise<unknown> {
  return parseJsonBody(await readBody(source, maxBytes));
}

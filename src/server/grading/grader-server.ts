import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { isNamedError } from '@/lib/errors/named-error';
import { isBodyNotJson, isBodyTooLarge, readJsonBody } from '@/lib/http/read-body';
import type { Grader } from './grader';
import { gradeRequestSchema, MAX_GRADE_BODY_BYTES } from './grading-protocol';

/**
 * The grading worker's HTTP face (`npm run grader`; its own process locally, its own Deployment in
 * production, scaled apart from the web pods): GET /healthz, and POST /grade with the bearer token.
 * A full queue is a 503 with Retry-After, so a burst of completions waits in the app's retry, not
 * in the page server.
 */
export function createGraderServer(options: { token: string; grader: Grader; onError?: (error: unknown) => void }): Server {
  const expected = Buffer.from(`Bearer ${options.token}`);
  const authorized = (request: IncomingMessage) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const answer = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
    response.end(JSON.stringify(body));
  };

  return createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://grader');
      if (request.method === 'GET' && url.pathname === '/healthz') return answer(response, 200, { ok: true });
      if (url.pathname !== '/grade') return answer(response, 404, { message: 'Not found.' });
      if (request.method !== 'POST') return answer(response, 405, { message: 'Use POST.' }, { allow: 'POST' });
      if (!authorized(request)) return answer(response, 401, { message: 'The grader token is missing or wrong.' });
      let json: unknown;
      try {
        json = await readJsonBody(request, MAX_GRADE_BODY_BYTES);
      } catch (error) {
        if (isBodyTooLarge(error)) {
          // The rest of the body is not read: the connection closes after the answer.
          answer(response, 413, { message: `A grading request is at most ${MAX_GRADE_BODY_BYTES / 1024 / 1024} MB.` }, { connection: 'close' });
          response.once('finish', () => request.destroy());
          return;
        }
        if (isBodyNotJson(error)) return answer(response, 400, { message: 'The body is not JSON.' });
        throw error;
      }
      const parsed = gradeRequestSchema.safeParse(json);
      if (!parsed.success) return answer(response, 400, { message: `Not a run request: ${parsed.error.issues[0]?.message ?? 'invalid'}.` });
      try {
        return answer(response, 200, await options.grader.grade(parsed.data));
      } catch (error) {
        if (isNamedError(error, 'SandboxBusyError')) return answer(response, 503, { message: 'The grader is busy.' }, { 'retry-after': '2' });
        options.onError?.(error);
        return answer(response, 503, { message: 'The grader could not run this submission.' }, { 'retry-after': '10' });
      }
    })().catch((error: unknown) => {
      options.onError?.(error);
      if (!response.headersSent) answer(response, 500, { message: 'The grader failed.' });
    });
  });
}

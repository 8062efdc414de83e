import type { z } from 'zod';
import type { AuthenticationError, Identity } from '@/server/auth/identity';
import type { RateLimitedError } from '@/server/services/rate-limit-service';
import { isNamedError } from '@/lib/errors/named-error';
import { HttpError, isHttpError } from './http-error';
import { refuseUnstorableInput } from './unstorable-input';

/**
 * Framework-free API endpoints: parse the request with zod, authenticate, call a service,
 * and answer `{ message }` with a 4xx on anything wrong. Next's req/res stay in the adapter,
 * so integration tests drive these against a real database and the Auth emulator.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Who may call: `public` needs no token (a token sent anyway is not even looked at, and the
 * handler gets no identity, so it cannot answer with anything of the caller's); `user` any signed-in
 * learner; `course_engineer` only that role; `optional` anyone, and the handler learns who when a
 * token is sent (a bad token is still a 401, never silently anonymous).
 */
export type Access = 'public' | 'user' | 'course_engineer' | 'optional';

export interface EndpointContext<Q, B> {
  identity: Identity;
  query: Q;
  body: B;
}

export type PublicEndpointContext<Q, B> = Omit<EndpointContext<Q, B>, 'identity'>;
export type OptionalEndpointContext<Q, B> = PublicEndpointContext<Q, B> & { identity: Identity | null };

/** A body that is a string is sent as it is when `headers` give a Content-Type other than JSON (a file). */
type EndpointResult = Promise<{ status?: number; body: unknown; headers?: Record<string, string> }>;

interface EndpointSchemas<Q, B> {
  query?: z.ZodType<Q>;
  /** A schema that accepts undefined makes the body optional; otherwise a missing body is a 400. */
  body?: z.ZodType<B>;
}

export type EndpointDefinition<Q, B> =
  | (EndpointSchemas<Q, B> & { access: 'user' | 'course_engineer'; handle: (context: EndpointContext<Q, B>) => EndpointResult })
  | (EndpointSchemas<Q, B> & { access: 'public'; handle: (context: PublicEndpointContext<Q, B>) => EndpointResult })
  | (EndpointSchemas<Q, B> & { access: 'optional'; handle: (context: OptionalEndpointContext<Q, B>) => EndpointResult });

export type AnyEndpoint = EndpointDefinition<unknown, unknown>;

export function defineEndpoint<Q = Record<string, never>, B = undefined>(definition: EndpointDefinition<Q, B>): AnyEndpoint {
  return definition as unknown as AnyEndpoint;
}

export type Routes = Partial<Record<HttpMethod, AnyEndpoint>>;

export interface EndpointDependencies {
  authenticate: (authorization: string | string[] | undefined) => Promise<Identity>;
  /** Called once the caller is known, before the handler (keeps the users table in sync). */
  onAuthenticated?: (identity: Identity) => Promise<void>;
  /**
   * Called when a sent token is refused (invalid, expired, or from before a sign-out; `uid` when it
   * was verified): counts it against its rate limits, and throws RateLimitedError past them.
   */
  onRefusedToken?: (refused: { authorization: string | string[] | undefined; uid: string | null }) => Promise<void>;
  /** Called before a public endpoint's handler (a rate limit per address). */
  onPublicCaller?: () => Promise<void>;
  logError?: (error: unknown, request: ApiRequest) => void;
}

export const COURSE_ENGINEER_ROLE = 'course_engineer';

function describeIssues(error: z.ZodError, where: 'query' | 'body'): string {
  const first = error.issues[0];
  if (!first) return `Invalid ${where}.`;
  const field = first.path.length > 0 ? `${where}.${first.path.join('.')}` : where;
  return `Invalid ${field}: ${first.message}`;
}

const json = (status: number, body: unknown, headers?: Record<string, string>): ApiResponse => ({ status, body, headers });

export async function runRoutes(routes: Routes, request: ApiRequest, deps: EndpointDependencies): Promise<ApiResponse> {
  const method = request.method.toUpperCase() as HttpMethod;
  const endpoint = routes[method];
  if (!endpoint) {
    const allowed = Object.keys(routes).join(', ');
    return json(405, { message: `Method ${request.method} is not allowed here. Use ${allowed}.` }, { Allow: allowed });
  }
  try {
    let identity: Identity | null = null;
    if (endpoint.access === 'public' || (endpoint.access === 'optional' && !request.headers.authorization)) {
      await deps.onPublicCaller?.();
    } else {
      let verified: Identity | null = null;
      try {
        verified = await deps.authenticate(request.headers.authorization);
        if (endpoint.access === COURSE_ENGINEER_ROLE && !verified.roles.includes(COURSE_ENGINEER_ROLE)) {
          throw new HttpError(403, 'This call is for course engineers only.');
        }
        await deps.onAuthenticated?.(verified);
      } catch (error) {
        // Only refused tokens: a valid one is never counted here, whatever else fails.
        if (isNamedError<AuthenticationError>(error, 'AuthenticationError')) await deps.onRefusedToken?.({ authorization: request.headers.authorization, uid: verified?.uid ?? null });
        throw error;
      }
      identity = verified;
    }

    refuseUnstorableInput(request.query, request.body);
    let query: unknown = {};
    if (endpoint.query) {
      const parsed = endpoint.query.safeParse(request.query);
      if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error, 'query'));
      query = parsed.data;
    }
    let body: unknown = undefined;
    if (endpoint.body) {
      const parsed = endpoint.body.safeParse(request.body);
      if (!parsed.success) {
        if (request.body === undefined) throw new HttpError(400, 'This call needs a JSON body.');
        throw new HttpError(422, describeIssues(parsed.error, 'body'));
      }
      body = parsed.data;
    }
    let result: Awaited<EndpointResult>;
    if (endpoint.access === 'public') result = await endpoint.handle({ query, body });
    else if (endpoint.access === 'optional') result = await endpoint.handle({ identity, query, body });
    else if (identity) result = await endpoint.handle({ identity, query, body });
    else throw new Error('An endpoint that needs a caller ran without one');
    return json(result.status ?? 200, result.body, result.headers);
  } catch (error) {
    // By name, not instanceof: the services may come from another Next bundle's copy of these classes.
    if (isNamedError<AuthenticationError>(error, 'AuthenticationError')) return json(401, { message: error.message });
    if (isHttpError(error)) return json(error.status, { ...error.details, message: error.message }, error.headers);
    if (isNamedError<RateLimitedError>(error, 'RateLimitedError')) return json(429, { message: error.message }, { 'Retry-After': String(error.retryAfterSeconds) });
    deps.logError?.(error, request);
    return json(500, { message: 'Something went wrong on our side. Please try again in a moment.' });
  }
}

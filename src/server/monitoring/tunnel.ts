import { envelopeEndpoint, parseDsn, sameSentryProject } from '@/domain/monitoring/monitoring-config';
import { envelopeHeader } from '@/domain/monitoring/envelope';
import { isHttpError } from '@/server/http/http-error';

/**
 * POST /api/monitoring: the browser SDK's envelopes, relayed to Sentry from our own origin so ad
 * blockers (which block *.sentry.io) do not drop them, and so connect-src stays 'self'. It is not an
 * open proxy: only an envelope addressed to the configured public DSN's project is forwarded, and
 * always to that DSN's own host, never to one the envelope names.
 */

/** Browser envelopes are a few kilobytes; replays and attachments (not sent by us) would be larger. */
export const MAX_ENVELOPE_BYTES = 1024 * 1024;
export const UPSTREAM_TIMEOUT_MS = 5000;

export interface TunnelRequest {
  method: string;
  /** Reads the body, refusing (HttpError 413) past `maxBytes`; only called for a POST. */
  readBody: (maxBytes: number) => Promise<Uint8Array>;
}

export interface TunnelAnswer {
  status: number;
  headers: Record<string, string>;
  /** Our own `{ message }` as JSON, or the upstream's answer as it came. */
  body: string;
  contentType: string;
}

export interface TunnelOptions {
  /** NEXT_PUBLIC_SENTRY_DSN; null: monitoring is not configured. */
  publicDsn: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  /** Told when the upstream cannot be reached (the route logs it). */
  onUpstreamFailure?: (error: unknown) => void;
}

/** Headers of Sentry's answer the SDK acts on (it backs off when rate-limited). */
const RELAYED_HEADERS = ['retry-after', 'x-sentry-rate-limits'];

const message = (status: number, text: string, headers: Record<string, string> = {}): TunnelAnswer => ({
  status,
  headers,
  body: JSON.stringify({ message: text }),
  contentType: 'application/json; charset=utf-8',
});

export async function tunnelEnvelope(request: TunnelRequest, options: TunnelOptions): Promise<TunnelAnswer> {
  const configured = options.publicDsn ? parseDsn(options.publicDsn) : null;
  if (!configured) return message(404, 'Error monitoring is not configured.');
  if (request.method.toUpperCase() !== 'POST') return message(405, 'Envelopes are POSTed.', { Allow: 'POST' });

  const maxBytes = options.maxBytes ?? MAX_ENVELOPE_BYTES;
  let body: Uint8Array;
  try {
    body = await request.readBody(maxBytes);
  } catch (error) {
    if (isHttpError(error)) return message(error.status, error.message);
    return message(400, 'The envelope could not be read.');
  }
  if (body.length > maxBytes) return message(413, `The envelope is larger than ${maxBytes} bytes.`);

  const header = envelopeHeader(body);
  const named = header && typeof header.dsn === 'string' ? parseDsn(header.dsn) : null;
  if (!named) return message(400, 'The body is not a Sentry envelope with a DSN.');
  if (!sameSentryProject(named, configured)) return message(400, 'The envelope is not for this site\'s Sentry project.');

  let upstream: Response;
  try {
    upstream = await (options.fetch ?? fetch)(envelopeEndpoint(configured), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-sentry-envelope' },
      // A copy on its own ArrayBuffer (what fetch's types ask for), byte for byte.
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? UPSTREAM_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    options.onUpstreamFailure?.(error);
    return message(502, 'The error tracker could not be reached.');
  }
  const text = await upstream.text().catch(() => '');
  const headers: Record<string, string> = {};
  for (const name of RELAYED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers[name] = value;
  }
  return { status: upstream.status, headers, body: text, contentType: upstream.headers.get('content-type') ?? 'text/plain; charset=utf-8' };
}

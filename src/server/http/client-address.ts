import type { IncomingMessage } from 'node:http';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The browser's address: the socket's, or behind a trusted proxy the last X-Forwarded-For entry,
 * the one that proxy appended. Earlier entries come from the client and could be anything, so a
 * rate limit keyed on them could be dodged by sending a new one with every request.
 */
export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: boolean): string {
  const forwarded = trustProxy ? header(req.headers['x-forwarded-for'])?.split(',').pop()?.trim() : undefined;
  return forwarded || req.socket.remoteAddress || 'unknown';
}

/**
 * How long an ID token (a JWT) is still good for, read from its `exp` claim; null when the token
 * cannot be read. Only a scheduling hint for the client (when it must start Firebase to get a
 * fresh token): the server verifies every token itself.
 */
export function tokenLifetimeMs(token: string, nowMs: number): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 - nowMs : null;
  } catch {
    return null;
  }
}

/** A token good for less than this is treated as spent: the client fetches a fresh one. */
export const TOKEN_FRESH_FOR_MS = 5 * 60_000;

export const tokenIsFresh = (token: string | null, nowMs: number): boolean => {
  if (!token) return false;
  const lifetime = tokenLifetimeMs(token, nowMs);
  return lifetime !== null && lifetime > TOKEN_FRESH_FOR_MS;
};

import Keygrip from 'keygrip';

/**
 * The session cookies' signing keys, remembering signatures already found valid (issue 18).
 *
 * next-firebase-auth reads its cookies with the `cookies` package, which checks each signed
 * cookie with Keygrip on every request: an HMAC per key tried, then a timing-safe comparison that
 * draws random bytes and computes two more HMACs. A learner's browser sends the same signed cookie
 * on every page until its token is refreshed, so a cookie and signature once found valid are kept
 * (by signature, with the signed text to compare in full) and later answered from memory.
 *
 * Safe because only successes are kept: a signature that has not been verified always goes
 * through Keygrip's timing-safe check, so guessing one byte at a time learns nothing new; a hit
 * needs the exact signature of text already proven signed. `cookies` accepts any object with
 * Keygrip's `sign`, `verify` and `index` (it builds a Keygrip itself only from an array of keys).
 * The oldest entries go first past `maxEntries`; signing is Keygrip's own.
 */
export function rememberingKeygrip(keys: readonly string[], maxEntries = 5_000): Keygrip & { readonly size: number } {
  const keygrip = new Keygrip(keys);
  /** signature → the text it signs and the index of the key that signed it. */
  const verified = new Map<string, { data: string; index: number }>();

  const index = (data: unknown, digest: string): number => {
    const text = String(data);
    const hit = typeof digest === 'string' ? verified.get(digest) : undefined;
    if (hit && hit.data === text) return hit.index;
    const found = keygrip.index(text, digest);
    if (found >= 0) {
      verified.set(digest, { data: text, index: found });
      if (verified.size > maxEntries) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
    }
    return found;
  };

  return {
    sign: (data: unknown) => keygrip.sign(data),
    verify: (data: unknown, digest: string) => index(data, digest) > -1,
    index,
    get size() {
      return verified.size;
    },
  };
}

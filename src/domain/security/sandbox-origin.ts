const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a sandbox frame's policy allows its assets from. It must be the origin the page was
 * opened on (the frame loads /vendor/* from there), which is the request's Host. A Host that is
 * neither the public origin's nor a loopback name (someone opening 127.0.0.1 instead of localhost
 * while developing) is not trusted: the public origin is used and such a frame simply cannot load.
 */
export function sandboxAssetOrigin(requestHost: string | undefined, appOrigin: string): string {
  const app = new URL(appOrigin);
  const host = (requestHost ?? '').trim().toLowerCase();
  if (host === app.host) return app.origin;
  if (!/^[a-z0-9.[\]:-]+$/.test(host)) return app.origin;
  let parsed: URL;
  try {
    parsed = new URL(`http://${host}`);
  } catch {
    return app.origin;
  }
  if (parsed.host !== host || !LOOPBACK_HOSTS.has(parsed.hostname)) return app.origin;
  return parsed.origin;
}

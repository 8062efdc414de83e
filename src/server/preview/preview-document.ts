import { serializePolicy, type Policy } from '@/domain/security/content-security-policy';
import { PREVIEW_CONSOLE, PREVIEW_READY, PREVIEW_RENDER, PREVIEW_CONSOLE_TEXT_LIMIT } from '@/domain/build/preview-messages';
import { PAGE_STORAGE_FROM_PAGE } from '@/runner/page-storage';

/**
 * The document a project's preview origin serves (p-<id>.localhost locally). It holds no project
 * data: the app posts the page to show (`render`, with the whole HTML), and the document shows it
 * in a frame of its own origin (srcdoc inherits the origin and this policy), relaying the page's
 * console lines and its storage (page-storage.ts: embedded in the app, this origin's own
 * localStorage is third-party storage, which browsers refuse) to the app. Only the app's origins
 * (app-origins.ts: APP_ORIGIN, and locally both loopback spellings) may frame it or send `render`,
 * and the first of them to speak is the only one it answers; it relays only its own frame: the
 * document trusts nothing else, and the app trusts nothing it sends back.
 */
function shellScript(appOrigins: readonly string[]): string {
  return `(() => {
  const APPS = ${JSON.stringify(appOrigins)};
  // The app's origin as this viewer opened it (one of APPS): replies go there and nowhere else.
  const ancestor = location.ancestorOrigins && location.ancestorOrigins[0];
  let app = APPS.includes(ancestor) ? ancestor : null;
  let frame = null;
  const render = (html) => {
    const next = document.createElement('iframe');
    next.title = 'Project page';
    next.srcdoc = html;
    if (frame) frame.replaceWith(next); else document.body.append(next);
    frame = next;
  };
  addEventListener('message', (event) => {
    const data = event.data;
    if (!data || typeof data !== 'object') return;
    if (event.source === parent && APPS.includes(event.origin) && (app === null || event.origin === app)) {
      app = event.origin;
      if (data.type === ${JSON.stringify(PREVIEW_RENDER)} && typeof data.html === 'string') render(data.html);
      return;
    }
    if (!app || !frame || event.source !== frame.contentWindow) return;
    if (data.type === ${JSON.stringify(PREVIEW_CONSOLE)}) {
      const level = ['log', 'info', 'warn', 'error'].includes(data.level) ? data.level : 'log';
      const message = { type: ${JSON.stringify(PREVIEW_CONSOLE)}, level, text: String(data.text).slice(0, ${PREVIEW_CONSOLE_TEXT_LIMIT}) };
      // An error's position in the page, relayed only as whole numbers (the app checks them again).
      if (Number.isInteger(data.line) && data.line > 0) message.line = data.line;
      if (Number.isInteger(data.column) && data.column > 0) message.column = data.column;
      parent.postMessage(message, app);
    } else if (data.type === ${JSON.stringify(PAGE_STORAGE_FROM_PAGE)} && Array.isArray(data.items)) {
      parent.postMessage({ type: ${JSON.stringify(PAGE_STORAGE_FROM_PAGE)}, items: data.items }, app);
    }
  });
  // Without ancestorOrigins (Firefox) each allowed origin is tried: the browser delivers the one that matches the parent.
  for (const origin of app ? [app] : APPS) parent.postMessage({ type: ${JSON.stringify(PREVIEW_READY)} }, origin);
})();`;
}

export interface PreviewDocument {
  html: string;
  headers: Record<string, string>;
}

/**
 * The preview's policy, inherited by the project's page: its own inline scripts and styles run,
 * images and fonts only from data: and blob: URLs, and no network at all (`connect-src 'none'`):
 * a project cannot call the app's API or any other server from a viewer's browser, nor post a form,
 * and only the app may frame it.
 */
export function previewPolicy(appOrigins: readonly string[]): Policy {
  return {
    'default-src': ["'none'"],
    // No hash beside it: a hash would switch 'unsafe-inline' off for the project's own scripts.
    'script-src': ["'unsafe-inline'"],
    'style-src': ["'unsafe-inline'"],
    'img-src': ['data:', 'blob:'],
    'font-src': ['data:'],
    'media-src': ['data:', 'blob:'],
    'connect-src': ["'none'"],
    'frame-src': ["'self'"],
    'worker-src': ['blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': [...appOrigins],
  };
}

export function previewDocument(appOrigins: readonly string[]): PreviewDocument {
  if (appOrigins.length === 0) throw new Error('A preview needs the app origin that may frame it.');
  const script = shellScript(appOrigins);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Project preview</title><style>html,body{margin:0;height:100%;background:#fff}iframe{display:block;width:100%;height:100%;border:0}</style></head><body><script>${script}</script></body></html>`;
  return {
    html,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': serializePolicy(previewPolicy(appOrigins)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    },
  };
}

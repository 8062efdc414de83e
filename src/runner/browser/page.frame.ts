/**
 * The script of /api/sandbox/page, which shows a learner's web page. This document has an opaque
 * origin and its own policy; the learner's page goes into a nested srcdoc iframe (sandboxed again,
 * so it gets yet another opaque origin) that inherits that policy: inline scripts and styles run,
 * nothing can be fetched. srcdoc frames directly in the app would inherit the app's policy, which
 * (rightly) blocks a learner's inline scripts.
 */
import { PAGE_STORAGE_FROM_PAGE } from '../page-storage';
import { PAGE_CHECKS_FROM_PROBE, SANDBOX_CONNECT, SANDBOX_HELLO, type PageChecksMessage, type PageFrameMessage, type PageStorageMessage, type RenderCommand } from './sandbox-messages';

let port: MessagePort | null = null;
let page: HTMLIFrameElement | null = null;

document.documentElement.style.height = '100%';
document.body.style.cssText = 'margin:0;height:100%;overflow:hidden';

/** A fresh frame for each version, so nothing (timers, listeners) survives from the last one. */
function render(command: RenderCommand) {
  if (command?.type !== 'render' || typeof command.html !== 'string') return;
  const next = document.createElement('iframe');
  // The same flags as this frame (scripts, form events); its policy blocks every submission.
  next.setAttribute('sandbox', 'allow-scripts allow-forms');
  next.title = 'Your page';
  next.style.cssText = 'display:block;border:0;width:100%;height:100%;background:#fff';
  next.srcdoc = command.html;
  page?.remove();
  page = next;
  document.body.appendChild(next);
}

const relay = (message: PageFrameMessage) => {
  try {
    port?.postMessage(message);
  } catch {
    // Not cloneable: the page validates what arrives, and a check run's time limit reports it.
  }
};

window.addEventListener('message', (event: MessageEvent<{ type?: string; results?: unknown; resume?: unknown; items?: unknown; nonce?: unknown } | null>) => {
  const [handed] = event.ports;
  if (!port && event.source === window.parent && event.data?.type === SANDBOX_CONNECT && handed) {
    port = handed;
    port.onmessage = (message: MessageEvent<RenderCommand>) => render(message.data);
    return;
  }
  // Only the current page is heard. Its own script could send the same messages as the check
  // probe and the storage shim, so the app validates them (sandbox-message-schemas.ts) and takes
  // check results only with the nonce it gave the probe (html-runtime.ts).
  if (!page || event.source !== page.contentWindow) return;
  if (event.data?.type === PAGE_CHECKS_FROM_PROBE && Array.isArray(event.data.results)) {
    relay({ type: 'page-checks', results: event.data.results as PageChecksMessage['results'], resume: (event.data.resume ?? null) as PageChecksMessage['resume'], nonce: typeof event.data.nonce === 'string' ? event.data.nonce : '' });
  } else if (event.data?.type === PAGE_STORAGE_FROM_PAGE && Array.isArray(event.data.items)) {
    relay({ type: 'page-storage', items: event.data.items as PageStorageMessage['items'] });
  }
});
window.parent.postMessage({ type: SANDBOX_HELLO }, '*');

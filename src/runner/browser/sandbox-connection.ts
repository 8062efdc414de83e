import type { SandboxKind } from '@/domain/security/content-security-policy';
import { PAGE_SANDBOX } from '@/domain/security/content-security-policy';
import { CHECK_VIEWPORT } from '../html-page';
import { SANDBOX_CONNECT, SANDBOX_HELLO, sandboxPath } from './sandbox-messages';

/** How long a sandbox document may take to load and say hello before the page gives up on it. */
export const FRAME_START_LIMIT_MS = 20_000;

export interface SandboxConnection {
  /** The page's end of the channel; the frame holds the other end. */
  port: Promise<MessagePort>;
  /** Stops waiting (and refuses a late hello). */
  cancel: () => void;
}

/**
 * Points `iframe` at the sandbox document of `kind` (opaque origin: `sandbox="allow-scripts"`, never
 * allow-same-origin) and hands it a MessagePort once it says hello. Only a hello whose
 * `event.source` is that iframe's own window counts; nothing else the frame posts to this window is
 * ever read. The listener is in place before the frame starts loading.
 */
export function connectSandboxFrame(iframe: HTMLIFrameElement, kind: SandboxKind, limitMs = FRAME_START_LIMIT_MS): SandboxConnection {
  let cancel: () => void = () => undefined;
  const port = new Promise<MessagePort>((resolve, reject) => {
    const stop = () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
    function onMessage(event: MessageEvent<{ type?: unknown } | null>) {
      const frameWindow = iframe.contentWindow;
      if (!frameWindow || event.source !== frameWindow || event.data?.type !== SANDBOX_HELLO) return;
      stop();
      const channel = new MessageChannel();
      // An opaque origin cannot be named as a target origin; the frame only ever receives a port.
      frameWindow.postMessage({ type: SANDBOX_CONNECT }, '*', [channel.port2]);
      resolve(channel.port1);
    }
    const timer = setTimeout(() => {
      stop();
      reject(new Error('The code runner did not start. Reload the page to try again.'));
    }, limitMs);
    cancel = () => {
      stop();
      reject(new Error('The code runner was stopped.'));
    };
    window.addEventListener('message', onMessage);
  });
  port.catch(() => undefined);
  iframe.setAttribute('sandbox', kind === 'page' ? PAGE_SANDBOX.join(' ') : 'allow-scripts');
  iframe.src = sandboxPath(kind);
  return { port, cancel: () => cancel() };
}

/** An off-screen frame for runtimes and checks (a viewport of its own, so CSS checks can measure). */
export function createHiddenFrame(title: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.title = title;
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.style.cssText = `position:absolute;width:${CHECK_VIEWPORT.width}px;height:${CHECK_VIEWPORT.height}px;left:-10000px;top:0;border:0;visibility:hidden`;
  return iframe;
}

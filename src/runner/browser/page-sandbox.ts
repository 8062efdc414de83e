import { connectSandboxFrame } from './sandbox-connection';
import type { RenderCommand } from './sandbox-messages';

export interface PageSandbox {
  /** Shows this document in the frame (the latest one wins while the frame is still starting). */
  render: (html: string) => void;
  close: () => void;
}

/**
 * A learner's web page in /api/sandbox/page, inside `iframe` (the live preview's own element, or a
 * hidden one for checks). `onMessage` receives what the frame reports, unparsed: callers validate.
 */
export function connectPageSandbox(iframe: HTMLIFrameElement, onMessage?: (data: unknown) => void): PageSandbox {
  const connection = connectSandboxFrame(iframe, 'page');
  let port: MessagePort | null = null;
  let pending: string | null = null;
  let closed = false;
  const send = (html: string) => port?.postMessage({ type: 'render', html } satisfies RenderCommand);
  connection.port.then(
    (opened) => {
      if (closed) {
        opened.close();
        return;
      }
      port = opened;
      if (onMessage) opened.onmessage = (event) => onMessage(event.data);
      if (pending !== null) send(pending);
      pending = null;
    },
    () => undefined,
  );
  return {
    render(html) {
      if (port) send(html);
      else pending = html;
    },
    close() {
      closed = true;
      connection.cancel();
      port?.close();
    },
  };
}

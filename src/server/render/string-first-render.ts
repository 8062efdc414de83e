/**
 * The pages router's React renderer, string first (issue 18).
 *
 * Next 15's pages router renders every page three times through React's web-stream renderer
 * (`react-dom/server.edge`'s `renderToReadableStream`: the page, the document, styled-jsx's styles),
 * waits for `allReady`, and reads each stream back into a string (next/dist/server/render.js, whose
 * own comment says the Node.js build should be used outside the Edge runtime). For a page with
 * nothing to wait for, that stream costs several times the render itself: every attribute and text is
 * encoded into its own Uint8Array, pushed through a ReadableStream, and decoded again. React's
 * string renderer (`renderToString`, in the same `react-dom/server.edge` module) writes the same
 * HTML into a string.
 *
 * So the app server (scripts/app-server.ts) gives Next a `react-dom/server.edge` whose
 * `renderToReadableStream` renders to a string first, and only uses React's stream when the
 * string renderer cannot give the same answer:
 * - a component suspended, or a Suspense boundary was left for the browser (the string renderer
 *   gives up where the stream renderer would wait; `<!--$!-->` marks such a boundary),
 * - the render threw (the stream renderer then rejects the way Next expects, and logs as usual),
 * - the caller passed options (a signal, bootstrap scripts, onError…: the pages router passes none).
 * The HTML is then byte for byte what the stream renderer makes (string-first-render.test.tsx),
 * down to the doctype the stream puts before a document's `<html>`.
 */
import { createRequire } from 'node:module';
import type { ReactNode } from 'react';

/** What a caller of `renderToReadableStream` reads: the pages router awaits `allReady`, then iterates. */
export interface RenderedStream extends AsyncIterable<Uint8Array> {
  allReady: Promise<void>;
}

/** The part of `react-dom/server.edge` this needs (React 19). */
export interface EdgeServer {
  renderToReadableStream: (children: ReactNode, options?: object) => Promise<RenderedStream>;
  renderToString: (children: ReactNode) => string;
}

/** Where a boundary is left for the browser to render (suspended or failed on the server). */
export const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** The stream renderer starts a document whose root is `<html>` with this; the string renderer does not. */
const DOCTYPE = '<!DOCTYPE html>';
const HTML_ROOT = /^<html[\s>]/;

function oneChunk(html: string): RenderedStream {
  const bytes = Buffer.from(html, 'utf8');
  return {
    allReady: Promise.resolve(),
    async *[Symbol.asyncIterator]() {
      yield bytes;
    },
  };
}

/** `edge` with a string-first `renderToReadableStream`; every other export is edge's own. */
export function stringFirst<T extends EdgeServer>(edge: T): T {
  const renderToReadableStream = (children: ReactNode, options?: object): Promise<RenderedStream> => {
    if (options !== undefined) return edge.renderToReadableStream(children, options);
    let html: string;
    try {
      html = edge.renderToString(children);
    } catch {
      return edge.renderToReadableStream(children);
    }
    if (html.includes(CLIENT_RENDERED_BOUNDARY)) return edge.renderToReadableStream(children);
    return Promise.resolve(oneChunk(HTML_ROOT.test(html) ? DOCTYPE + html : html));
  };
  return { ...edge, renderToReadableStream };
}

/** The file Next's pages runtime loads React's renderer from, and a require that resolves as it does. */
function nextsRenderer(): { file: string; load: NodeJS.Require } {
  const load = createRequire(require.resolve('next/package.json'));
  return { file: load.resolve('react-dom/server.edge'), load };
}

/**
 * Puts the string-first renderer in the module cache where Next's pages runtime will find it. Call
 * before Next loads (the app server does, before `next()`). Idempotent; returns the file replaced.
 */
export function installStringFirstRenderer(): string {
  const { file, load } = nextsRenderer();
  const edge = load('react-dom/server.edge') as EdgeServer & { stringFirst?: true };
  const cached = load.cache[file];
  if (!cached) throw new Error(`react-dom/server.edge was loaded but is not in the module cache (${file})`);
  if (!edge.stringFirst) cached.exports = Object.assign(stringFirst(edge), { stringFirst: true as const });
  return file;
}

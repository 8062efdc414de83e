/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createElement, lazy, Suspense, useId, type ReactNode } from 'react';
import * as edgeServer from 'react-dom/server.edge';
import { streamToString } from 'next/dist/server/stream-utils/node-web-streams-helper';
import { CLIENT_RENDERED_BOUNDARY, installStringFirstRenderer, stringFirst, type EdgeServer, type RenderedStream } from './string-first-render';

const edge = edgeServer as unknown as EdgeServer;

/** What Next's pages router does with a renderer (next/dist/server/render.js `renderToString`). */
async function asNextReadsIt(renderer: EdgeServer, element: ReactNode): Promise<string> {
  const stream = await renderer.renderToReadableStream(element);
  await stream.allReady;
  return streamToString(stream as unknown as ReadableStream<Uint8Array>);
}

function Labelled({ label }: { label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} defaultValue={`"quoted" & <b>`} disabled />
    </p>
  );
}

const page = (
  <div id="__next" className="app">
    <header style={{ marginTop: 4, color: 'red' }} data-state="idle" aria-hidden={false}>
      Lesson {1} of {5} · {'<script>alert(1)</script>'}
    </header>
    <Labelled label="Your name" />
    <Labelled label="Ünïcödé ✓ 😀" />
    <div dangerouslySetInnerHTML={{ __html: '<p>Every <code>print()</code></p>' }} />
    <svg viewBox="0 0 10 10" aria-hidden="true">
      <path strokeWidth={2} d="M0 0L10 10" />
    </svg>
    <ul>{['a', 'b', 'c'].map((item) => <li key={item}>{item}</li>)}</ul>
    <button type="button" hidden>
      Run &amp; check
    </button>
  </div>
);

const documentTree = (
  <html lang="en">
    {/* eslint-disable-next-line @next/next/no-head-element -- a document as Next renders it, not a page */}
    <head>
      <meta charSet="utf-8" />
      <title>Say hello · Codetrail</title>
      <link rel="preload" href="/font.woff2" as="font" crossOrigin="" />
      <script id="__NEXT_DATA__" type="application/json" dangerouslySetInnerHTML={{ __html: '{"props":{"a":"\\u003c/script\\u003e"}}' }} />
    </head>
    <body>
      {createElement('next-js-internal-body-render-target')}
      <script src="/_next/static/chunks/main.js" defer />
    </body>
  </html>
);

function later<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 5));
}
const suspendingInBoundary = () => {
  const Late = lazy(() => later({ default: () => <strong>loaded late</strong> }));
  return (
    <main>
      <Suspense fallback={<em>loading</em>}>
        <Late />
      </Suspense>
    </main>
  );
};
const suspendingInShell = () => {
  const Late = lazy(() => later({ default: () => <strong>shell loaded late</strong> }));
  return (
    <main>
      <Late />
    </main>
  );
};

describe('stringFirst: the same HTML as React’s stream, without the stream where it can', () => {
  const cases: [string, () => ReactNode, 'string' | 'stream'][] = [
    ['a page: attributes, text, useId, escaping, inner HTML, svg, lists', () => page, 'string'],
    ['a document: html, head, body (React’s singletons and doctype)', () => documentTree, 'string'],
    ['nothing at all (styled-jsx with no styles)', () => null, 'string'],
    ['a custom element whose name starts with html (no doctype)', () => createElement('html-card', { 'data-x': '1' }, 'card'), 'string'],
    ['a boundary that suspends (the stream waits for it)', suspendingInBoundary, 'stream'],
    ['the shell suspends (no boundary)', suspendingInShell, 'stream'],
  ];

  it.each(cases)('%s', async (_name, tree, path) => {
    const spy = jest.fn(edge.renderToReadableStream);
    const renderer = stringFirst({ ...edge, renderToReadableStream: spy });
    const expected = await asNextReadsIt(edge, tree());
    expect(await asNextReadsIt(renderer, tree())).toBe(expected);
    expect(spy).toHaveBeenCalledTimes(path === 'stream' ? 1 : 0);
  });

  it('waits for suspended content as the stream does (never sends a boundary to the browser)', async () => {
    const html = await asNextReadsIt(stringFirst(edge), suspendingInBoundary());
    expect(html).toContain('loaded late');
    expect(html).not.toContain(CLIENT_RENDERED_BOUNDARY);
    expect(edge.renderToString(suspendingInBoundary())).toContain(CLIENT_RENDERED_BOUNDARY);
  });

  it('rejects as the stream does when the page throws', async () => {
    const Broken = () => {
      throw new Error('the page broke');
    };
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(stringFirst(edge).renderToReadableStream(<Broken />)).rejects.toThrow('the page broke');
    } finally {
      errors.mockRestore();
    }
  });

  it('hands calls with options to the stream untouched', async () => {
    const spy = jest.fn(edge.renderToReadableStream);
    const options = { identifierPrefix: 'x-' };
    const stream: RenderedStream = await stringFirst({ ...edge, renderToReadableStream: spy }).renderToReadableStream(<Labelled label="a" />, options);
    await stream.allReady;
    expect(spy).toHaveBeenCalledWith(expect.anything(), options);
  });

  it('keeps every other export of react-dom/server.edge', () => {
    const renderer = stringFirst(edge) as unknown as Record<string, unknown>;
    for (const name of Object.keys(edgeServer)) if (name !== 'renderToReadableStream') expect(renderer[name]).toBe((edgeServer as Record<string, unknown>)[name]);
  });
});

describe('what it relies on in Next (an upgrade that changes these fails here)', () => {
  it('Next’s pages runtime loads React’s renderer as react-dom/server.edge', () => {
    const runtime = readFileSync(require.resolve('next/dist/compiled/next-server/pages.runtime.prod.js'), 'utf8');
    expect(runtime).toContain('require("react-dom/server.edge")');
  });

  it('the pages router reads a render as: await the stream, await allReady, read it to a string', () => {
    const render = readFileSync(require.resolve('next/dist/server/render.js'), 'utf8');
    expect(render).toContain('const renderStream = await _ReactDOMServerPages.default.renderToReadableStream(element);\n    await renderStream.allReady;\n    return (0, _nodewebstreamshelper.streamToString)(renderStream);');
    expect(render).toContain('const stream = await renderShell(App, Component);\n                    await stream.allReady;\n                    return (0, _nodewebstreamshelper.streamToString)(stream);');
    expect(render).toContain("if (!documentHTML.startsWith(DOCTYPE))");
  });
});

describe('installStringFirstRenderer', () => {
  it('puts the string-first renderer where Next’s pages runtime requires it, once', async () => {
    const fromNext = createRequire(require.resolve('next/dist/compiled/next-server/pages.runtime.prod.js'));
    const file = installStringFirstRenderer();
    expect(file).toBe(fromNext.resolve('react-dom/server.edge'));
    const installed = fromNext('react-dom/server.edge') as EdgeServer & { stringFirst?: boolean };
    expect(installed.stringFirst).toBe(true);
    installStringFirstRenderer();
    expect(fromNext('react-dom/server.edge')).toBe(installed);
    const stream = await installed.renderToReadableStream(null);
    await stream.allReady;
  });
});

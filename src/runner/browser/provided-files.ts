/// <reference lib="webworker" />
import type { ProvidedFile } from './sandbox-messages';

/**
 * Lets a runtime's loader (Pyodide, sql.js) read the files the page handed over instead of
 * downloading them again: `fetch` of exactly those URLs answers from memory, once each; every
 * other request goes to the network under the frame's policy as before.
 */
export function serveProvidedFiles(scope: WorkerGlobalScope, assetBase: string, files: ProvidedFile[]): void {
  const byUrl = new Map(files.map((file) => [`${assetBase}${file.path}`, file]));
  if (byUrl.size === 0) return;
  const network = scope.fetch.bind(scope);
  scope.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const file = byUrl.get(url);
    if (!file) return network(input, init);
    byUrl.delete(url);
    return Promise.resolve(new Response(file.bytes, { headers: { 'Content-Type': file.type } }));
  };
}

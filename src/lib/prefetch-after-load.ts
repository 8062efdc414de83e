import { useEffect } from 'react';
import { whenLoadedAndIdle } from './when-idle';

/**
 * Adds `<link rel="prefetch" as="script">` for each file once the page has loaded and the browser
 * is idle (whenLoadedAndIdle); each file once per document. Returns a cancel function.
 *
 * Why not in the server's HTML: the browser starts an HTML prefetch while the page itself is still
 * arriving, so on a slow phone connection the lesson editor's 165 KB (gzip) competed with the
 * lesson's own styles and scripts. The files are for later (the editor is built on the learner's
 * first reach), so they come down after the page, still long before a learner can reach for it.
 */
export function prefetchAfterLoad(hrefs: readonly string[]): () => void {
  if (hrefs.length === 0) return () => {};
  return whenLoadedAndIdle(() => {
    const present = new Set(Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'), (link) => link.getAttribute('href')));
    for (const href of new Set(hrefs)) {
      if (present.has(href)) continue;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.setAttribute('as', 'script');
      link.href = href;
      document.head.append(link);
    }
  });
}

/** prefetchAfterLoad for a component's lifetime (a new list of files prefetches the new ones). */
export function usePrefetchAfterLoad(hrefs: readonly string[]): void {
  const key = hrefs.join('\n');
  useEffect(() => prefetchAfterLoad(key ? key.split('\n') : []), [key]);
}

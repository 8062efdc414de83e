import { startTransition } from 'react';
import type { hydrateRoot as reactHydrateRoot } from 'react-dom/client';

/**
 * React hydrates the page in one piece unless hydration starts inside a transition: then it works
 * in slices of about 5 ms and lets the browser run between them (React's docs for `hydrateRoot`;
 * Next's app router starts hydration this way, its pages router does not). On a phone, the lesson
 * page's hydration was one task of 40–50 ms of main thread (a quarter of a second at Lighthouse's
 * mobile slowdown), during which a tap or a key waited.
 *
 * Wraps `hydrateRoot` so that it starts hydration in a transition. React still hydrates a part
 * at once when the learner interacts with it before it is ready.
 */
export function hydrateInTransition(hydrateRoot: typeof reactHydrateRoot): typeof reactHydrateRoot {
  return (container, children, options) => {
    let root: ReturnType<typeof reactHydrateRoot> | undefined;
    startTransition(() => {
      root = hydrateRoot(container, children, options);
    });
    if (!root) throw new Error('hydrateRoot returned no root');
    return root;
  };
}

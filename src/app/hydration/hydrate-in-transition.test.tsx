import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrateInTransition } from './hydrate-in-transition';

/** Holds the main thread for `ms` milliseconds, like a component with real work in it. */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* work */
  }
}

const COUNT = 12;
// These tests run React as the browser does (its scheduler, real timers), not inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

function Slow({ index, log }: { index: number; log: string[] }) {
  busy(3);
  log.push(`render ${index}`);
  return <li>{`item ${index}`}</li>;
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {`clicked ${count}`}
    </button>
  );
}

function Page({ log }: { log: string[] }) {
  return (
    <main>
      <Counter />
      <ul>
        {Array.from({ length: COUNT }, (_, index) => (
          <Slow key={index} index={index} log={log} />
        ))}
      </ul>
    </main>
  );
}

/** Waits (in real time, as a browser would run it: no act()) until `done` holds, for 2 s at most. */
async function waitFor(done: () => boolean) {
  const until = Date.now() + 2000;
  while (!done() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The page's HTML as the server sends it (one text node per element, so no separators needed), in the document. */
function pageFromServer(): HTMLDivElement {
  const server = document.createElement('div');
  const serverRoot = createRoot(server);
  flushSync(() => serverRoot.render(<Page log={[]} />));
  const container = document.createElement('div');
  container.innerHTML = server.innerHTML;
  serverRoot.unmount();
  document.body.append(container);
  return container;
}

/** Hydrates server HTML of <Page> and records where a timer set just after the call ran. */
async function hydrateAndWatchTimer(hydrate: typeof hydrateRoot) {
  const container = pageFromServer();
  const log: string[] = [];
  const errors: unknown[] = [];
  const root = hydrate(container, <Page log={log} />, { onRecoverableError: (error) => errors.push(error) });
  setTimeout(() => log.push('timer'), 0);
  await waitFor(() => log.filter((entry) => entry.startsWith('render')).length === COUNT && log.includes('timer'));
  return { container, log, errors, root };
}

describe('hydrateInTransition', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it.each([
    // React's own hydrateRoot: the whole tree in one task, the timer only after it.
    { name: 'React’s hydrateRoot', hydrate: hydrateRoot, yields: false },
    // In a transition: React yields between slices, so the timer runs before the last component.
    { name: 'hydrateInTransition', hydrate: hydrateInTransition(hydrateRoot), yields: true },
  ])('$name: the browser gets a turn during hydration: $yields', async ({ hydrate, yields }) => {
    const { log, errors, root } = await hydrateAndWatchTimer(hydrate);
    const timerAt = log.indexOf('timer');
    expect(timerAt < log.length - 1).toBe(yields);
    expect(errors).toEqual([]);
    root.unmount();
  });

  it('a click during hydration is not lost: React hydrates at once and handles it', async () => {
    const container = pageFromServer();
    const log: string[] = [];
    const root = hydrateInTransition(hydrateRoot)(container, <Page log={log} />);
    // After React's first slice, before the rest of the page has hydrated.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.filter((entry) => entry.startsWith('render')).length).toBeLessThan(COUNT);
    const button = container.querySelector('button');
    button?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await waitFor(() => log.filter((entry) => entry.startsWith('render')).length >= COUNT && button?.textContent === 'clicked 1');
    expect(button?.textContent).toBe('clicked 1');
    root.unmount();
  });

  it('hydrates the server HTML without a mismatch, and the page then responds', async () => {
    const { container, errors, root } = await hydrateAndWatchTimer(hydrateInTransition(hydrateRoot));
    expect(errors).toEqual([]);
    const button = container.querySelector('button');
    expect(button?.textContent).toBe('clicked 0');
    button?.click();
    await waitFor(() => button?.textContent === 'clicked 1');
    expect(button?.textContent).toBe('clicked 1');
    expect(container.querySelectorAll('li')).toHaveLength(COUNT);
    root.unmount();
  });
});

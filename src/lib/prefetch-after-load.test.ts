/** @jest-environment jsdom */
import { prefetchAfterLoad } from './prefetch-after-load';

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

const prefetched = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'), (link) => [link.getAttribute('href'), link.getAttribute('as')]);

describe('prefetchAfterLoad', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '';
  });
  afterEach(() => {
    jest.useRealTimers();
    setReadyState('complete');
  });

  it('adds nothing while the page loads; after load and an idle moment, one script prefetch per file', () => {
    setReadyState('loading');
    prefetchAfterLoad(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js', '/_next/static/chunks/a.js']);
    jest.advanceTimersByTime(10_000);
    expect(prefetched()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(250);
    expect(prefetched()).toEqual([
      ['/_next/static/chunks/a.js', 'script'],
      ['/_next/static/chunks/b.js', 'script'],
    ]);
  });

  it('never adds a file twice to the document (a second lesson of the same chapter)', () => {
    setReadyState('complete');
    prefetchAfterLoad(['/a.js']);
    jest.advanceTimersByTime(250);
    prefetchAfterLoad(['/a.js', '/c.js']);
    jest.advanceTimersByTime(250);
    expect(prefetched().map(([href]) => href)).toEqual(['/a.js', '/c.js']);
  });

  it('adds nothing when cancelled first, or when there is nothing to fetch', () => {
    setReadyState('loading');
    prefetchAfterLoad(['/a.js'])();
    prefetchAfterLoad([]);
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(5000);
    expect(prefetched()).toEqual([]);
  });
});

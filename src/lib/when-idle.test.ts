/** @jest-environment jsdom */
import { whenLoadedAndIdle } from './when-idle';

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

describe('whenLoadedAndIdle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setReadyState('complete');
  });

  it('waits for the page’s load event, then for an idle moment', () => {
    setReadyState('loading');
    const start = jest.fn();
    whenLoadedAndIdle(start);
    jest.advanceTimersByTime(10_000);
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(250);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at the next idle moment on a page that has loaded', () => {
    setReadyState('complete');
    const start = jest.fn();
    whenLoadedAndIdle(start);
    jest.advanceTimersByTime(250);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before and after the load event', () => {
    setReadyState('loading');
    const before = jest.fn();
    whenLoadedAndIdle(before)();
    window.dispatchEvent(new Event('load'));
    const after = jest.fn();
    const cancelAfter = whenLoadedAndIdle(after);
    cancelAfter();
    jest.advanceTimersByTime(5000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});

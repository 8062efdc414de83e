import { TRACES_SAMPLE_RATE, ERROR_SAMPLE_RATE, type MonitoringSettings } from '@/domain/monitoring/monitoring-config';
import { reportError, resetErrorReporting, type ErrorContext, type ErrorSink } from './report-error';
import { resetBrowserMonitoring, startBrowserMonitoring } from './start-browser-monitoring';

const settings = (dsn: string | null): MonitoringSettings => ({ dsn, environment: 'test', tracesSampleRate: TRACES_SAMPLE_RATE, errorSampleRate: ERROR_SAMPLE_RATE });

function fakeWindow() {
  const listeners = new Map<string, (event: unknown) => void>();
  return {
    listeners,
    target: { addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener) } as unknown as Pick<Window, 'addEventListener'>,
  };
}

describe('startBrowserMonitoring', () => {
  let sent: { error: unknown; context: ErrorContext }[];
  let ready: (() => void) | null;
  const sink: ErrorSink = (error, context) => sent.push({ error, context });

  beforeEach(() => {
    resetErrorReporting();
    resetBrowserMonitoring();
    sent = [];
    ready = null;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('without a DSN: no listener, no queue, and the SDK is never loaded', () => {
    const { listeners, target } = fakeWindow();
    const load = jest.fn();
    const whenReady = jest.fn();
    expect(startBrowserMonitoring({ settings: settings(null), target, whenReady, load })).toBe(false);
    expect(listeners.size).toBe(0);
    expect(whenReady).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('with a DSN: reports wait until the page is idle and the SDK loaded, then reach it', async () => {
    const { listeners, target } = fakeWindow();
    const initBrowserSdk = jest.fn(() => sink);
    const load = jest.fn(async () => ({ initBrowserSdk }));
    expect(startBrowserMonitoring({ settings: settings('http://public@127.0.0.1:8969/1'), target, whenReady: (start) => (ready = start), load })).toBe(true);

    reportError(new Error('during hydration'), { area: 'ui' });
    const uncaught = new Error('uncaught');
    listeners.get('error')?.({ error: uncaught, message: 'Uncaught Error: uncaught', filename: 'app.js' });
    listeners.get('unhandledrejection')?.({ reason: 'rejected' });
    // "Script error." from another origin's script: nothing to report.
    listeners.get('error')?.({ error: null, message: 'Script error.', filename: '' });
    expect(load).not.toHaveBeenCalled();

    ready?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(initBrowserSdk).toHaveBeenCalledWith(settings('http://public@127.0.0.1:8969/1'));
    expect(sent.map(({ error, context }) => [error instanceof Error ? error.message : error, context.area, context.message])).toEqual([
      ['during hydration', 'ui', undefined],
      ['uncaught', 'browser', 'ui: an uncaught error'],
      ['rejected', 'browser', 'ui: an unhandled promise rejection'],
    ]);
  });

  it('starts once', () => {
    const first = fakeWindow();
    const second = fakeWindow();
    const options = { settings: settings('http://public@127.0.0.1:8969/1'), whenReady: jest.fn(), load: jest.fn() };
    startBrowserMonitoring({ ...options, target: first.target });
    startBrowserMonitoring({ ...options, target: second.target });
    expect(options.whenReady).toHaveBeenCalledTimes(1);
    expect(second.listeners.size).toBe(0);
  });

  it('stops queueing when the SDK cannot load (offline)', async () => {
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { target } = fakeWindow();
    startBrowserMonitoring({ settings: settings('http://public@127.0.0.1:8969/1'), target, whenReady: (start) => (ready = start), load: () => Promise.reject(new Error('ChunkLoadError')) });
    ready?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warned).toHaveBeenCalledWith('[codetrail] monitoring: the error tracker could not load', 'ChunkLoadError');
    reportError(new Error('later'), { area: 'ui' });
    const { installErrorSink } = await import('./report-error');
    installErrorSink(sink);
    expect(sent).toEqual([]);
  });
});

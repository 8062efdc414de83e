import type * as reportErrorModule from './report-error';
import { MAX_QUEUED_REPORTS, abandonErrorSink, expectErrorSink, installErrorSink, reportError, resetErrorReporting, type ErrorContext } from './report-error';

type ReportErrorModule = typeof reportErrorModule;

describe('reportError', () => {
  let logged: jest.SpyInstance;
  let sent: { error: unknown; context: ErrorContext }[];
  const sink = (error: unknown, context: ErrorContext) => sent.push({ error, context });

  beforeEach(() => {
    resetErrorReporting();
    sent = [];
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    resetErrorReporting();
    jest.restoreAllMocks();
  });

  it('always logs, with the given message and details (nothing installed: the log is all)', () => {
    const error = new Error('boom');
    reportError(error, { area: 'ui', message: 'ui: a page crashed', extra: { componentStack: 'at Page' } });
    reportError('not an error', { area: 'api' });
    expect(logged.mock.calls).toEqual([
      ['[codetrail] ui: a page crashed', error, { componentStack: 'at Page' }],
      ['[codetrail] api: an error was reported', 'not an error'],
    ]);
  });

  it('keeps nothing when no sink is expected (no DSN): a later sink gets only later reports', () => {
    reportError(new Error('before'), { area: 'ui' });
    installErrorSink(sink);
    reportError(new Error('after'), { area: 'ui' });
    expect(sent.map(({ error }) => (error as Error).message)).toEqual(['after']);
  });

  it('queues while a sink is expected, then hands the queue over in order before anything new', () => {
    expectErrorSink();
    reportError(new Error('first'), { area: 'ui' });
    reportError(new Error('second'), { area: 'api-client', extra: { status: 500 } });
    expect(sent).toEqual([]);
    installErrorSink(sink);
    reportError(new Error('third'), { area: 'runner' });
    expect(sent.map(({ error, context }) => [(error as Error).message, context.area])).toEqual([
      ['first', 'ui'],
      ['second', 'api-client'],
      ['third', 'runner'],
    ]);
    expect(logged).toHaveBeenCalledTimes(3);
  });

  it(`keeps at most ${MAX_QUEUED_REPORTS} reports (the first ones)`, () => {
    expectErrorSink();
    for (let index = 0; index < MAX_QUEUED_REPORTS + 5; index += 1) reportError(new Error(`report ${index}`), { area: 'ui' });
    installErrorSink(sink);
    expect(sent).toHaveLength(MAX_QUEUED_REPORTS);
    expect((sent[0]?.error as Error).message).toBe('report 0');
    expect(logged).toHaveBeenCalledTimes(MAX_QUEUED_REPORTS + 5);
  });

  it('drops the queue when the SDK cannot load', () => {
    expectErrorSink();
    reportError(new Error('queued'), { area: 'ui' });
    abandonErrorSink();
    reportError(new Error('not kept'), { area: 'ui' });
    installErrorSink(sink);
    expect(sent).toEqual([]);
  });

  it('survives a sink that throws (logged as a warning, the caller never sees it)', () => {
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    installErrorSink(() => {
      throw new Error('sdk broken');
    });
    expect(() => reportError(new Error('x'), { area: 'ui' })).not.toThrow();
    expect(warned).toHaveBeenCalledWith('[codetrail] monitoring: the error tracker refused a report', 'sdk broken');
  });

  it('is one reporter for the whole process (the state lives on globalThis, shared by every bundle)', async () => {
    installErrorSink(sink);
    let isolated: ReportErrorModule | undefined;
    jest.isolateModules(() => {
      isolated = jest.requireActual<ReportErrorModule>('./report-error');
    });
    isolated?.reportError(new Error('from another copy'), { area: 'api' });
    expect(sent).toHaveLength(1);
  });
});

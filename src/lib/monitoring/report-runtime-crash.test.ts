import { installErrorSink, resetErrorReporting, type ErrorContext } from './report-error';
import { reportRuntimeCrash } from './report-runtime-crash';

describe('reportRuntimeCrash', () => {
  afterEach(() => {
    resetErrorReporting();
    jest.restoreAllMocks();
  });

  it('reports a runner crash as an error of the runner area, naming the runtime', () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reports: { error: unknown; context: ErrorContext }[] = [];
    installErrorSink((error, context) => reports.push({ error, context }));
    reportRuntimeCrash({ kind: 'python', reason: 'The code runner did not start. Reload the page to try again.' });
    expect(reports).toEqual([{ error: new Error('The python runtime failed: The code runner did not start. Reload the page to try again.'), context: { area: 'runner', message: 'runner: the python runtime failed', extra: { runtime: 'python' } } }]);
    expect(logged).toHaveBeenCalledWith('[codetrail] runner: the python runtime failed', expect.any(Error), { runtime: 'python' });
  });
});

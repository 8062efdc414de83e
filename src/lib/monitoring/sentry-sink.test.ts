import { FILTERED } from '@/domain/monitoring/scrub';
import { scrubbingHooks, sentrySink, type SentryLike } from './sentry-sink';

describe('sentrySink', () => {
  it('captures the error in a scope of its own, tagged with the area, with the message and the details', () => {
    const calls: unknown[][] = [];
    const scope = { setTag: (...args: unknown[]) => calls.push(['tag', ...args]), setExtra: (...args: unknown[]) => calls.push(['extra', ...args]) };
    const sdk: SentryLike = {
      withScope: (callback) => callback(scope),
      captureException: (exception) => {
        calls.push(['capture', exception]);
        return 'event-id';
      },
    };
    const error = new Error('boom');
    sentrySink(sdk)(error, { area: 'runner', message: 'runner: the python runtime failed', extra: { runtime: 'python' } });
    expect(calls).toEqual([
      ['tag', 'area', 'runner'],
      ['extra', 'log_message', 'runner: the python runtime failed'],
      ['extra', 'runtime', 'python'],
      ['capture', error],
    ]);
  });
});

describe('scrubbingHooks', () => {
  it('scrub events, transactions and breadcrumbs with the domain rules', () => {
    expect(scrubbingHooks.beforeSend({ message: 'for me@example.com', user: { id: 'u1', email: 'me@example.com' } })).toEqual({ message: `for ${FILTERED}`, user: { id: 'u1' } });
    expect(scrubbingHooks.beforeSendTransaction({ transaction: '/web/login?token=abc' })).toEqual({ transaction: '/web/login' });
    expect(scrubbingHooks.beforeBreadcrumb({ category: 'console', data: { code: 'print(1)' } })).toEqual({ category: 'console', data: {} });
  });
});

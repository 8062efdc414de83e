import { trace, type Tracer, type TracerProvider } from '@opentelemetry/api';
import { QuietTracerProvider, registerQuietTracerProvider } from './quiet-tracer-provider';

// Next's own extension, run after an app's instrumentation hook registers: it wraps the global
// provider's getTracer so that each tracer object it has not seen before gets new span methods.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { afterRegistration } = require('next/dist/server/lib/router-utils/instrumentation-node-extensions') as { afterRegistration: () => void };

afterEach(() => trace.disable());

describe('the quiet tracer provider', () => {
  it('hands out one tracer per name and version, and a new one for another name or version', () => {
    const provider = new QuietTracerProvider();
    const nextTracer = provider.getTracer('next.js', '0.0.1');
    expect(provider.getTracer('next.js', '0.0.1')).toBe(nextTracer);
    expect(provider.getTracer('next.js', '0.0.2')).not.toBe(nextTracer);
    expect(provider.getTracer('drizzle-orm', '0.0.1')).not.toBe(nextTracer);
  });

  it('records nothing: spans are not recording and the traced function still answers', async () => {
    const tracer = new QuietTracerProvider().getTracer('next.js', '0.0.1');
    const span = tracer.startSpan('render');
    expect(span.isRecording()).toBe(false);
    span.end();
    expect(tracer.startActiveSpan('getServerSideProps', (active) => (active.isRecording() ? 'recorded' : 'answer'))).toBe('answer');
    await expect(tracer.startActiveSpan('async', async () => 42)).resolves.toBe(42);
  });

  it('stops remembering new names at its bound, still answering a working tracer', () => {
    const provider = new QuietTracerProvider();
    for (let index = 0; index < QuietTracerProvider.MAX_TRACERS; index += 1) provider.getTracer(`library-${index}`);
    const late = provider.getTracer('one-too-many');
    expect(provider.getTracer('one-too-many')).not.toBe(late);
    expect(late.startActiveSpan('x', () => 'ok')).toBe('ok');
    expect(provider.getTracer('library-0')).toBe(provider.getTracer('library-0'));
  });

  it("lets Next's instrumentation extension wrap a tracer once, not on every trace call", () => {
    const tracerOf = (): Tracer => trace.getTracer('next.js', '0.0.1');
    // Without a provider (the state before this change), every call makes a new tracer to wrap.
    afterRegistration();
    expect(tracerOf()).not.toBe(tracerOf());

    expect(registerQuietTracerProvider()).toBe(true);
    afterRegistration();
    const first = tracerOf();
    const wrappedStart = first.startActiveSpan;
    expect(tracerOf()).toBe(first);
    expect(tracerOf().startActiveSpan).toBe(wrappedStart);
    expect(first.startActiveSpan('render', () => 'rendered')).toBe('rendered');
  });

  it("never replaces a provider that is already installed (Sentry's)", () => {
    const sentryTracer = new QuietTracerProvider().getTracer('sentry');
    const sentry: TracerProvider = { getTracer: () => sentryTracer };
    expect(trace.setGlobalTracerProvider(sentry)).toBe(true);
    expect(registerQuietTracerProvider()).toBe(false);
    expect(trace.getTracer('next.js')).toBe(sentryTracer);
  });
});

import { ProxyTracerProvider, trace, type Tracer, type TracerOptions, type TracerProvider } from '@opentelemetry/api';

/**
 * The OpenTelemetry tracer provider of a server without an error tracker (no SENTRY_DSN): every
 * tracer it gives records nothing, as without any provider, but it gives the same tracer object
 * for the same name and version every time.
 *
 * Why (issue 18): Next traces each request's steps through `trace.getTracer('next.js')`, once per
 * step. Because the app has an instrumentation hook, Next also wraps the global provider so that
 * every tracer it hands out gets its span methods replaced, unless it has wrapped that tracer object
 * before. With no provider registered, each call makes a new no-op tracer, so Next built two new
 * closures for every step of every request (about 1 % of the lesson page's time). With this
 * provider the wrapping happens once per tracer.
 *
 * When Sentry starts it registers its own provider instead, and this one is never installed.
 */
export class QuietTracerProvider implements TracerProvider {
  /** Without a delegate, a ProxyTracerProvider's tracers are OpenTelemetry's no-op tracer. */
  readonly #noop = new ProxyTracerProvider();
  readonly #tracers = new Map<string, Tracer>();
  /** Names come from code, not requests; the bound only guards against a library that varies them. */
  static readonly MAX_TRACERS = 64;

  getTracer(name: string, version?: string, options?: TracerOptions): Tracer {
    const key = `${name}\u0000${version ?? ''}\u0000${options?.schemaUrl ?? ''}`;
    const known = this.#tracers.get(key);
    if (known) return known;
    const tracer = this.#noop.getTracer(name, version, options);
    if (this.#tracers.size < QuietTracerProvider.MAX_TRACERS) this.#tracers.set(key, tracer);
    return tracer;
  }
}

/** Installs the quiet provider as the global one; false when another (Sentry's) is already installed. */
export function registerQuietTracerProvider(): boolean {
  return trace.setGlobalTracerProvider(new QuietTracerProvider());
}

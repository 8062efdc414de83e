/**
 * Whether `error` is an error of the class named `name`, by its name rather than instanceof.
 * Next.js bundles each page's server code apart, while the services live on globalThis for the
 * whole process (made by whichever bundle came first, often instrumentation's): an error a service
 * throws is then an instance of another bundle's copy of the class, and instanceof says no.
 * Every class checked this way sets `override name = '<ClassName>'`.
 */
export function isNamedError<E extends Error>(error: unknown, name: E['name']): error is E {
  return error instanceof Error && error.name === name;
}

/**
 * The folders under /vendor holding each runtime's files, named after the runtime's version
 * (next.config.js copies them and passes the names in at build time). Outside a build (unit
 * tests) the plain package names are used. No zod here: the workers bundle this file.
 */
export interface RuntimeDirs {
  python: string;
  sql: string;
}

const FOLDER = /^[\w.-]+$/;

/** JSON from the build environment; undefined when absent or unreadable. */
export function readBuildJson(raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function parseRuntimeDirs(raw: string | undefined): RuntimeDirs {
  const json = readBuildJson(raw) as Partial<Record<keyof RuntimeDirs, unknown>> | undefined;
  const folder = (value: unknown, fallback: string) => (typeof value === 'string' && FOLDER.test(value) ? value : fallback);
  return { python: folder(json?.python, 'pyodide'), sql: folder(json?.sql, 'sql.js') };
}

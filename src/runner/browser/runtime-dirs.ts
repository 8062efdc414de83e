import { z } from 'zod';

/**
 * The folders under /vendor holding each runtime's files, named after the runtime's version
 * (next.config.js copies them and passes the names in at build time). Outside a build (unit
 * tests) the plain package names are used.
 */
const runtimeDirsSchema = z.object({ python: z.string().regex(/^[\w.-]+$/), sql: z.string().regex(/^[\w.-]+$/) });

export type RuntimeDirs = z.infer<typeof runtimeDirsSchema>;

export function parseRuntimeDirs(raw: string | undefined): RuntimeDirs {
  const parsed = raw ? runtimeDirsSchema.safeParse(JSON.parse(raw)) : null;
  return parsed?.success ? parsed.data : { python: 'pyodide', sql: 'sql.js' };
}

/** node-postgres returns { rows }, PGlite returns { rows } too; drizzle's execute types differ per driver. */
export function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows : [];
}

/**
 * A prepared statement built on first use and kept for the repository's life (issue 18).
 *
 * The reads made on every page and API request (the current publish set, the session, the
 * learner's completed lessons) were built by drizzle from scratch on each call, and parsed and
 * planned by PostgreSQL each time. Prepared once, drizzle keeps the SQL and node-postgres sends it
 * under its name: each pooled connection parses it once, then only binds the values. (Behind
 * PgBouncer in transaction mode this needs PgBouncer 1.21+ with max_prepared_statements set.)
 * Built lazily, so a repository made for one transaction prepares nothing it does not run.
 */
export function preparedOnce<T>(build: () => T): () => T {
  let statement: T | undefined;
  return () => {
    statement ??= build();
    return statement;
  };
}

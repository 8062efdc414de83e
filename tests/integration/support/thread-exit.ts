/**
 * A separate process for tests/integration/pglite-thread.test.ts: opens the embedded database on
 * its thread, runs one long statement with nothing else keeping the process alive, prints its
 * answer and never closes the database. The process must wait for the answer, then end by itself.
 */
import { PgliteThreadClient } from '../../../src/server/db/pglite-thread-client';

async function main(): Promise<void> {
  const client = await PgliteThreadClient.open(null);
  const result = await client.query<{ n: number }>('select count(*)::int as n from generate_series(1, 2000000)');
  console.log(`ANSWER ${result.rows[0]?.n}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

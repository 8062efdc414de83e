/**
 * A separate process for the database lock tests: opens the embedded database in the folder
 * given, writes a user row, says READY and then either holds the folder until killed (`hold`) or
 * exits without closing it (`exit`). A refused open prints REFUSED and the sentence.
 */
import { openDatabase } from '../../../src/server/db/client';
import { DataDirInUseError } from '../../../src/server/db/data-dir-lock';
import { createUserRepository } from '../../../src/server/repositories/user-repository';

async function main(): Promise<void> {
  const [mode, dataDir, userId] = process.argv.slice(2);
  if (!dataDir || !userId || (mode !== 'hold' && mode !== 'exit')) throw new Error('usage: hold-database.ts hold|exit <dataDir> <userId>');
  let handle;
  try {
    handle = await openDatabase({ kind: 'pglite', dataDir });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.log(`REFUSED: ${error.message}`);
    process.exit(3);
  }
  await createUserRepository(handle.db).upsertFromIdentity({ id: userId, email: null, displayName: `written by ${process.pid}`, roles: [] });
  console.log(`READY ${process.pid}`);
  if (mode === 'exit') process.exit(0);
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/** The agent's entry point when bundled (the local driver and the machine image run this file). */
import { main } from './agent';

main().catch((error: unknown) => {
  console.error('machine agent failed to start:', error);
  process.exit(1);
});

/**
 * `npm run monitoring:receiver [port]`: a local stand-in for Sentry (docs/monitoring.md). Start the
 * app with SENTRY_DSN / NEXT_PUBLIC_SENTRY_DSN = http://public@127.0.0.1:8969/1 (and the sample rates
 * at 1 to see every error) and each envelope the app sends is printed here, item by item. Nothing
 * leaves the machine; it listens on 127.0.0.1 only.
 */
import { describeEnvelope, startLocalReceiver } from '../src/server/monitoring/local-receiver';

const port = Number(process.argv[2] || process.env.SENTRY_RECEIVER_PORT || 8969);

startLocalReceiver({
  port,
  onEnvelope: (received) => {
    const time = new Date().toISOString().slice(11, 23);
    console.log(`\n${time}  project ${received.projectId}  ${received.raw.length} bytes${received.headers['content-encoding'] ? ` (${received.headers['content-encoding']})` : ''}`);
    for (const line of describeEnvelope(received)) console.log(`  ${line}`);
  },
})
  .then((receiver) => {
    console.log(`[codetrail] Sentry receiver on http://127.0.0.1:${receiver.port}: use the DSN http://public@127.0.0.1:${receiver.port}/1`);
    const stop = () => void receiver.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  })
  .catch((error: unknown) => {
    console.error(`[codetrail] The Sentry receiver could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });

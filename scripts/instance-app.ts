/**
 * `npm run instance-app`: the instance app (src/instance-app), where a learner uses one machine,
 * on its own port and origin. Environment: INSTANCE_PORT (default PORT+2), INSTANCE_ORIGIN
 * (default http://localhost:<port>), APP_ORIGIN (the web app, default http://localhost:PORT),
 * INSTANCE_APP_SECRET (shared with the web app, 16+ characters), INSTANCE_PREVIEW_ORIGIN
 * (default http://m-{machine}-{port}.localhost:<port>), INSTANCE_INTERNAL_API (where this
 * process reaches the web app, default APP_ORIGIN), HOST (default 127.0.0.1).
 */
import { createInstanceApp } from '../src/instance-app/server';

const webPort = Number(process.env.PORT || 3000);
const port = Number(process.env.INSTANCE_PORT || webPort + 2);
const host = process.env.HOST || '127.0.0.1';
const publicOrigin = (process.env.INSTANCE_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, '');
const webAppOrigin = (process.env.APP_ORIGIN || `http://localhost:${webPort}`).replace(/\/+$/, '');
const secret = process.env.INSTANCE_APP_SECRET ?? '';

if (secret.length < 16) {
  console.error('[codetrail] Instance app: INSTANCE_APP_SECRET (16+ characters, the same as the web app\'s) is required.');
  process.exit(2);
}

const app = createInstanceApp({
  publicOrigin,
  webAppOrigin,
  internalApiBase: process.env.INSTANCE_INTERNAL_API || webAppOrigin,
  secret,
  previewOriginTemplate: process.env.INSTANCE_PREVIEW_ORIGIN || `http://m-{machine}-{port}.localhost:${port}`,
});
app.server.listen(port, host, () => {
  console.log(`[codetrail] Instance app: ${publicOrigin} (listening on ${host}:${port})`);
});
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

/**
 * `npm run instance-app`: the instance app (src/instance-app), where a learner uses one machine,
 * on its own port and origin (`npm start` runs it). Configuration as the web app's (server-env.ts):
 * INSTANCE_PORT (default PORT+2), INSTANCE_ORIGIN (default http://localhost:<port>), APP_ORIGIN,
 * INSTANCE_APP_SECRET (shared with the web app; a built-in key locally), INSTANCE_PREVIEW_ORIGIN
 * (default http://m-{machine}-{port}.localhost:<port>), INSTANCE_INTERNAL_API (where this
 * process reaches the web app, default APP_ORIGIN), HOST (default 127.0.0.1).
 */
import { loadEnvConfig } from '@next/env';
import { ConfigurationError, parseServerEnv, type ServerEnv } from '../src/server/config/server-env';
import { createInstanceApp } from '../src/instance-app';

// The same .env files and the same validated configuration as the web app, so both agree on the
// instance app's port, origin and shared secret (the local default secret included).
loadEnvConfig(process.cwd(), false);
function loadEnv(): ServerEnv {
  try {
    const parsed = parseServerEnv(process.env);
    if (parsed.appEnv === 'production' && !process.env.INSTANCE_PREVIEW_ORIGIN?.startsWith('https://')) {
      throw new ConfigurationError('INSTANCE_PREVIEW_ORIGIN must be the https:// wildcard domain of learners\' servers, e.g. https://{machine}-{port}.machines-preview.codetrail.app');
    }
    return parsed;
  } catch (error) {
    console.error(`[codetrail] Instance app: ${error instanceof ConfigurationError ? error.message : String(error)}`);
    process.exit(2);
  }
}
const env = loadEnv();
const port = env.machines.instancePort;
const host = process.env.HOST || '127.0.0.1';
const publicOrigin = env.machines.instanceOrigin;
const webAppOrigin = env.appOrigin;
const secret = env.machines.instanceSecret;

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

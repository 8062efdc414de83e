/**
 * `npm run preview-server`: the origin web projects' previews run on (started by `npm start`;
 * in production its own deployment behind the user-content domain). See src/server/preview.
 */
import { parseServerEnv } from '../src/server/config/server-env';
import { createPreviewServer } from '../src/server/preview/preview-server';

const env = parseServerEnv(process.env);
const host = process.env.HOST || '127.0.0.1';
const server = createPreviewServer({ appOrigins: env.appOrigins, template: env.preview.template });
server.listen(env.preview.port, host, () => {
  console.log(`[codetrail] Project previews: ${env.preview.template} (listening on ${host}:${env.preview.port})`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

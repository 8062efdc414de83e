/**
 * `npm run grader`: the grading worker (src/server/grading), where completions are graded against
 * every check of their lesson: Python, JavaScript and SQL in sandbox processes, pages in headless
 * Chromium. `npm start` runs it beside the app on GRADER_PORT (default PORT+3) and hands both the
 * same GRADER_TOKEN; production runs it as its own Deployment (docs/features/grading.md).
 */
import { loadEnvConfig } from '@next/env';
import { ConfigurationError, parseServerEnv } from '../src/server/config/server-env';
import { createLocalGrader } from '../src/server/grading/grader';
import { createGraderServer } from '../src/server/grading/grader-server';

loadEnvConfig(process.cwd(), false);

function settings() {
  try {
    const env = parseServerEnv(process.env);
    const token = process.env.GRADER_TOKEN;
    if (!token || token.length < 32) throw new ConfigurationError('GRADER_TOKEN must be set (at least 32 characters): the app proves itself to the grader with it.');
    return { port: env.graderPort, token };
  } catch (error) {
    console.error(`[codetrail] Grader: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}

const { port, token } = settings();
const host = process.env.GRADER_HOST || '127.0.0.1';
const grader = createLocalGrader({ onWarning: (message) => console.warn(`[codetrail] Grader: ${message}`) });
// Python's first run starts Pyodide: a spare is started now, so the first completion does not wait for it.
for (const lessonType of ['Python', 'JS'] as const) grader.warmUp?.(lessonType);
const server = createGraderServer({ token, grader, onError: (error) => console.error('[codetrail] Grader:', error instanceof Error ? error.message : error) });
server.listen(port, host, () => console.log(`[codetrail] Grader: listening on ${host}:${port}`));
const stop = () => {
  server.close();
  void grader.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

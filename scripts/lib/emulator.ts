import path from 'node:path';
import type { ProcessGroup } from './processes';
import { isUp, waitForHttp } from './processes';

export const EMULATOR_HOST = '127.0.0.1:9099';

/** Starts the Firebase Auth emulator (UI disabled in firebase.json: it works offline), or reuses a running one. */
export async function startAuthEmulator(group: ProcessGroup, projectId: string): Promise<void> {
  const url = `http://${EMULATOR_HOST}/`;
  if (await isUp(url)) {
    console.log(`[codetrail] Reusing the Auth emulator already running at ${EMULATOR_HOST}.`);
    return;
  }
  console.log('[codetrail] Starting the Firebase Auth emulator…');
  let running = true;
  const child = group.spawn('Auth emulator', path.join('node_modules', '.bin', 'firebase'), ['emulators:start', '--only', 'auth', '--project', projectId], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '', CI: process.env.CI ?? '' },
  });
  child.on('exit', () => {
    running = false;
  });
  // Keep the emulator's own log quiet except what matters to a developer.
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (/error|⚠|failed/i.test(line) && !/motd|message of the day/i.test(line)) console.log(`[auth-emulator] ${line}`);
    }
  });
  await waitForHttp(url, 120_000, () => running);
  console.log(`[codetrail] Auth emulator ready at ${EMULATOR_HOST} (project ${projectId}).`);
}

interface OobCode {
  email: string;
  oobCode: string;
  requestType: string;
}

/**
 * In local mode no email is sent: print each password-reset link as a link into our own
 * reset page, so the developer can follow it.
 */
export function printResetLinks(projectId: string, appOrigin: string): NodeJS.Timeout {
  const seen = new Set<string>();
  let first = true;
  const timer = setInterval(async () => {
    try {
      const response = await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${projectId}/oobCodes`, { signal: AbortSignal.timeout(2000) });
      const body = (await response.json()) as { oobCodes?: OobCode[] };
      for (const code of body.oobCodes ?? []) {
        if (seen.has(code.oobCode)) continue;
        seen.add(code.oobCode);
        if (first || code.requestType !== 'PASSWORD_RESET') continue;
        console.log(
          `\n[codetrail] Password reset requested for ${code.email}. Open:\n  ${appOrigin}/web/passwordReset?mode=resetPassword&oobCode=${encodeURIComponent(code.oobCode)}\n`,
        );
      }
      first = false;
    } catch {
      // The emulator may be restarting; try again on the next tick.
    }
  }, 2000);
  timer.unref();
  return timer;
}

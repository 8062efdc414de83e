import { spawnSync } from 'node:child_process';
import { works } from '@/runner/sandbox/sandbox-launcher';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Learners' pages run in Chromium, whose own sandbox needs --no-sandbox where the grader runs as
 * root (containers). So Chromium starts inside the same walls as the sandbox processes: a network
 * namespace with nothing but its own loopback (`unshare -n`; `-r -n` when not root), and the
 * `nobody` user when root (`setpriv`), with a home folder of its own. A page that took Chromium
 * over could then reach no host socket, network or file beyond what `nobody` may read.
 * Returns the wrapper to launch instead of Chromium, and the layers this machine lacks.
 */

const NOBODY = 65534;

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function jailedChromium(chromium: string): { executablePath: string; missing: string[] } {
  const root = process.getuid?.() === 0;
  const netns = root ? ['-n'] : ['-r', '-n'];
  const missing: string[] = [];
  const chain: string[] = [];
  if (process.platform === 'linux' && works('unshare', [...netns, 'true'])) chain.push('unshare', ...netns, '--');
  else missing.push('network namespace (unshare -n)');
  const folder = mkdtempSync(path.join(tmpdir(), 'codetrail-chromium-'));
  chmodSync(folder, 0o755);
  const home = path.join(folder, 'home');
  mkdirSync(home, { mode: 0o700 });
  const dropUser = root && works('setpriv', ['--reuid', String(NOBODY), '--regid', String(NOBODY), '--clear-groups', 'true']);
  if (dropUser) chain.push('setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--');
  else if (root) missing.push('unprivileged user (setpriv to nobody)');
  const lines = ['#!/bin/sh'];
  if (dropUser) {
    spawnSync('chown', [`${NOBODY}:${NOBODY}`, home]);
    // Playwright makes the profile folder (as this user): hand it to nobody before Chromium starts.
    lines.push('for arg in "$@"; do', `  case "$arg" in --user-data-dir=*) chown -R ${NOBODY}:${NOBODY} "\${arg#--user-data-dir=}";; esac`, 'done');
  }
  lines.push(`exec ${[...chain.map(quote), 'env', quote(`HOME=${home}`), quote(chromium)].join(' ')} "$@"`);
  const executablePath = path.join(folder, 'chromium');
  writeFileSync(executablePath, `${lines.join('\n')}\n`, { mode: 0o755 });
  return { executablePath, missing };
}

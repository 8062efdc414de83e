import type { RunRequest, RunResult } from '@/runner/run-types';
import { runResultSchema } from '@/runner/sandbox/sandbox-protocol';
import { SandboxBusyError, SandboxUnavailableError } from '@/runner/sandbox/sandbox-pool';
import type { Grader } from './grader';

/**
 * The app's side of the grading worker (GRADER_URL, GRADER_TOKEN). The worker's answer is parsed
 * with the sandbox's schema; a busy worker, or one that cannot be reached, is a 503 to the learner
 * (their files stay in the player, and an offline completion stays queued), never a pass.
 */
export function createRemoteGrader(options: { url: string; token: string; timeoutMs?: number; fetch?: typeof fetch }): Grader {
  const fetchImpl = options.fetch ?? fetch;
  const base = options.url.replace(/\/+$/, '');
  return {
    async grade(request: RunRequest): Promise<RunResult> {
      let response: Response;
      try {
        response = await fetchImpl(`${base}/grade`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
        });
      } catch {
        throw new SandboxUnavailableError('The grader could not be reached.');
      }
      if (response.status === 503 && /busy/i.test(await response.clone().text())) throw new SandboxBusyError();
      if (!response.ok) throw new SandboxUnavailableError(`The grader answered ${response.status}.`);
      const parsed = runResultSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new SandboxUnavailableError('The grader gave an answer that is not a run result.');
      return parsed.data;
    },
    async close() {
      // Nothing held: each grade is one request.
    },
  };
}

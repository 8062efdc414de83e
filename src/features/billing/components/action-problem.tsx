import { paths } from '@/domain/routing/paths';
import { userMessageOf } from '@/lib/errors/user-message';
import { ApiError } from '@/lib/api-client/api-error';
import { Alert, ButtonLink } from '@/ui';

/**
 * What went wrong with an action, for the place that shows it. A refusal because the action is
 * Pro's (HTTP 402 from the one entitlement rule on the server) is not an error: it says why, in the
 * server's words, and leads to the paywall, which leads back to `returnTo` after a purchase.
 */
export type ActionProblem = { kind: 'error'; text: string } | { kind: 'pro'; text: string };

export function actionProblem(error: unknown, fallback: string): ActionProblem {
  if (error instanceof ApiError && error.status === 402) return { kind: 'pro', text: error.serverMessage ?? 'This is part of Codetrail Pro.' };
  return { kind: 'error', text: userMessageOf(error, fallback) };
}

export function ActionProblemAlert({ problem, returnTo, trackingReferer }: { problem: ActionProblem | null; returnTo: string; trackingReferer: string }) {
  if (!problem) return null;
  if (problem.kind === 'error') return <Alert kind="error">{problem.text}</Alert>;
  return (
    <Alert kind="info" title="Part of Codetrail Pro">
      <p>{problem.text}</p>
      <p>
        <ButtonLink href={paths.pro(returnTo, trackingReferer)} size="sm">
          See Codetrail Pro
        </ButtonLink>
      </p>
    </Alert>
  );
}

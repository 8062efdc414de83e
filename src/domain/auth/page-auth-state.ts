import { paths } from '../routing/paths';
/**
 * What a page shows for the current auth situation (spec §4): render, a loader, nothing,
 * a redirect to login or a redirect into the app. Each page picks a policy; this rule
 * table is the only place that turns (policy, situation) into a state.
 */

export type PageAuthState = 'render' | 'loader' | 'nothing' | 'redirect-to-login' | 'redirect-to-app';

export interface PageAuthPolicy {
  whenAuthed: 'render' | 'redirect-to-app';
  /** While an authed user waits for the session cookie before being sent on. */
  whenAuthedBeforeRedirect: 'render' | 'loader' | 'nothing';
  /** Before the client SDK knows whether anyone is signed in. */
  whenUnauthedBeforeInit: 'render' | 'loader' | 'nothing' | 'redirect-to-login';
  whenUnauthedAfterInit: 'render' | 'redirect-to-login';
}

export interface AuthSituation {
  isAuthed: boolean;
  clientInitialized: boolean;
  /** The server session cookie matches the signed-in user. */
  sessionReady: boolean;
  /** Creating the server session failed: stay on the page so it can explain. */
  sessionFailed: boolean;
  /** A sign-out is in progress: hold still instead of bouncing to login. */
  signingOut: boolean;
}

export const PAGE_AUTH_POLICIES = {
  /** Signed-in pages: the server guard already proved the session; follow a later sign-out. */
  protected: {
    whenAuthed: 'render',
    whenAuthedBeforeRedirect: 'render',
    whenUnauthedBeforeInit: 'render',
    whenUnauthedAfterInit: 'redirect-to-login',
  },
  /** Login and registration: a signed-in user is sent on into the app. */
  authForm: {
    whenAuthed: 'redirect-to-app',
    whenAuthedBeforeRedirect: 'loader',
    whenUnauthedBeforeInit: 'render',
    whenUnauthedAfterInit: 'render',
  },
  /** Pages for everyone (landing for visitors): signed-in learners go on to the app. */
  visitorsOnly: {
    whenAuthed: 'redirect-to-app',
    whenAuthedBeforeRedirect: 'render',
    whenUnauthedBeforeInit: 'render',
    whenUnauthedAfterInit: 'render',
  },
  /** Pages anyone may use in any state, such as password reset. */
  public: {
    whenAuthed: 'render',
    whenAuthedBeforeRedirect: 'render',
    whenUnauthedBeforeInit: 'render',
    whenUnauthedAfterInit: 'render',
  },
} as const satisfies Record<string, PageAuthPolicy>;

export type PageAuthPolicyName = keyof typeof PAGE_AUTH_POLICIES;

export function decidePageAuthState(situation: AuthSituation, policy: PageAuthPolicy): PageAuthState {
  if (situation.signingOut) return 'loader';
  if (situation.isAuthed) {
    if (policy.whenAuthed === 'render') return 'render';
    if (situation.sessionReady) return 'redirect-to-app';
    return situation.sessionFailed ? 'render' : policy.whenAuthedBeforeRedirect;
  }
  return situation.clientInitialized ? policy.whenUnauthedAfterInit : policy.whenUnauthedBeforeInit;
}

/** /web/login with the page to come back to. */
export function loginUrl(returnTo: string | null): string {
  return paths.login(returnTo);
}

import type { TrialSummary } from '@/domain/billing/billing-dates';
import type { CheckoutFlow, EntitlementDto, PlanDto, TestCheckout } from '@/domain/billing/billing-dto';

/**
 * Props of the subscription pages (issue 15), made on the server by src/server/gssp/billing-pages.ts.
 * Every URL in them is already checked: app paths against the redirect allow-list, app links
 * against WEB2APP_APP_LINKS. Views only render them.
 */

interface PlansProps {
  plans: PlanDto[];
  /** Trial days this learner gets now (0 after a first subscription, or when trials are off). */
  trialDays: number;
  /** What Pro unlocks, from the one entitlement rule (proBenefits). */
  benefits: string[];
  refundWindowDays: number;
}

/** /web/pro?redirectUrl=&trackingReferer= — the paywall a free learner meets at Pro content. */
/** The lesson the paywall leads back to: its title, and the chapter to finish first when the path has not reached it. */
export interface PaywallDestination {
  lessonTitle: string;
  lockedUntil: string | null;
}

export interface ProPageProps extends PlansProps {
  /** The sentence of the gate that sent them here ("This section is part of Codetrail Pro…"); null when opened directly. */
  reason: string | null;
  /** /web/subscribe?redirectUrl=<where they were>&trackingReferer=<what sent them> */
  subscribeUrl: string;
  /** "Not now": back where they came from if that is free, else their active section. */
  notNowUrl: string;
  /** Already Pro (e.g. came back with the browser's back button): the page offers to go on. */
  pro: boolean;
  continueUrl: string;
  /** The lesson they came from, when they came from one (null otherwise). */
  destination: PaywallDestination | null;
  [key: string]: unknown;
}

/** /web/subscribe and /web2app/subscribe (?redirectUrl=&trackingReferer=) */
export interface SubscribePageProps extends PlansProps {
  flow: CheckoutFlow;
  provider: 'local' | 'stripe';
  entitlement: EntitlementDto;
  /** As asked for; the server checks it again when the checkout starts. Null when absent or refused. */
  redirectUrl: string | null;
  trackingReferer: string | null;
  /** Where an already-Pro learner goes on to (web: the checked redirect or their section; web2app: the success page). */
  continueUrl: string;
  [key: string]: unknown;
}

/** /web/purchase-successful?checkout= — waits until the webhook has really made the learner Pro. */
export type PurchaseSuccessfulPageProps =
  | { kind: 'checkout'; checkoutId: string; plan: PlanDto; flow: CheckoutFlow; /** A free trial's days (nothing charged today); null when paid now. */ trial: TrialSummary | null; [key: string]: unknown }
  /** No or someone else's checkout id: the page says so and links to settings. */
  | { kind: 'unknown-checkout'; [key: string]: unknown };

/** /web2app/signup?redirectUrl= — sign up (or sign in) on the web, then subscribe. Signed-in learners go straight on. */
export interface Web2appSignupPageProps {
  /** /web2app/subscribe?redirectUrl=<the app link> — where the form leads after sign-up or sign-in. */
  next: string;
  [key: string]: unknown;
}

/** /web2app/success?redirectUrl= — back to the app. */
export interface Web2appSuccessPageProps {
  /** The checked app link (scheme or universal link from configuration), else the configured default. */
  appLink: string;
  pro: boolean;
  planName: string | null;
  [key: string]: unknown;
}

/** /web/billing/test-checkout/{id} — the local provider's checkout (a test: no money moves). */
export type TestCheckoutPageProps = { kind: 'checkout'; checkout: TestCheckout; [key: string]: unknown } | { kind: 'unknown-checkout'; [key: string]: unknown };

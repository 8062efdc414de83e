import type { GetServerSidePropsContext } from 'next';
import { proBenefits, proMessage } from '@/domain/billing/entitlement';
import { trackOfAppPath } from '@/domain/billing/section-to-open';
import { REFUND_WINDOW_DAYS } from '@/domain/billing/subscription-state';
import { paths } from '@/domain/routing/paths';
import type { ProPageProps, PurchaseSuccessfulPageProps, SubscribePageProps, TestCheckoutPageProps, Web2appSignupPageProps, Web2appSuccessPageProps } from '@/lib/billing/billing-page-props';
import { isHttpError } from '@/server/http/http-error';
import type { BillingService } from '@/server/services/billing-service';
import { getServices } from '@/server/services/services';
import { paywallDestination } from './paywall-destination';
import { withSession, type SessionUser } from './with-session';

/**
 * The subscription pages (issue 15). Every URL handed to a view is checked here: a web
 * redirectUrl against the redirect allow-list (else the learner's section), a web2app one
 * against the configured app links (else the configured default). A hostile one stays home.
 */

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** trackingReferer is a label for analytics ("lesson", "settings"): anything else is dropped. */
export function trackingRefererOf(raw: string | string[] | undefined): string | null {
  const value = one(raw);
  return value && /^[\w.:-]{1,64}$/.test(value) ? value : null;
}

/** The gate's sentence for what sent the learner to the paywall, when we can tell. */
function reasonOf(referer: string | null, service: BillingService): string | null {
  const allowance = service.allowance;
  switch (referer) {
    case 'lesson':
    case 'section':
      return proMessage({ kind: 'section', sectionIndex: 1, tutorialKind: 'course' }, allowance);
    case 'projects':
      return proMessage({ kind: 'build-project', ownedProjects: allowance.freeProjects }, allowance);
    case 'machines':
      return proMessage({ kind: 'machines' }, allowance);
    case 'tutor':
      return proMessage({ kind: 'model-tutor' }, allowance);
    default:
      return null;
  }
}

async function plansProps(service: BillingService, uid: string) {
  return { plans: service.plans(), trialDays: await service.trialDaysFor(uid), benefits: proBenefits(service.allowance), refundWindowDays: REFUND_WINDOW_DAYS };
}

/** /web/pro?redirectUrl=&trackingReferer= */
export const proPage = withSession<ProPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user, snapshot) => {
  if (!user) return { notFound: true };
  const services = await getServices();
  const billing = services.billing;
  const redirectUrl = billing.checkedRedirect('web', one(context.query.redirectUrl));
  const referer = trackingRefererOf(context.query.trackingReferer);
  // "Not now" from a Pro lesson or section: that track's section the learner can open (its
  // /section/active picks one, never a Pro-only one for a free learner); else their section.
  const trackId = trackOfAppPath(redirectUrl);
  const ownTrack = trackId && (await services.content.asOf(snapshot.publishSet).publishedTrack(trackId)) ? trackId : null;
  const home = referer === 'projects' || referer === 'machines' ? paths.build() : ownTrack ? paths.activeSection(ownTrack) : paths.redirectToActiveSection();
  return {
    props: {
      ...(await plansProps(billing, user.id)),
      reason: reasonOf(referer, billing),
      subscribeUrl: paths.subscribe(redirectUrl, referer),
      notNowUrl: home,
      pro: await billing.isPro(user.id),
      continueUrl: redirectUrl ?? home,
      destination: await paywallDestination(redirectUrl, context, user, services),
    },
  };
});

async function subscribeProps(context: GetServerSidePropsContext, user: SessionUser, flow: 'web' | 'web2app'): Promise<SubscribePageProps> {
  const billing = (await getServices()).billing;
  const redirectUrl = billing.checkedRedirect(flow, one(context.query.redirectUrl));
  return {
    ...(await plansProps(billing, user.id)),
    flow,
    provider: billing.provider,
    entitlement: await billing.entitlementView(user.id),
    redirectUrl,
    trackingReferer: trackingRefererOf(context.query.trackingReferer),
    continueUrl: flow === 'web2app' ? paths.web2appSuccess(redirectUrl) : (redirectUrl ?? paths.redirectToActiveSection()),
  };
}

/** /web/subscribe?redirectUrl=&trackingReferer= */
export const subscribePage = withSession<SubscribePageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user) => {
  if (!user) return { notFound: true };
  return { props: await subscribeProps(context, user, 'web') };
});

/** /web2app/subscribe?redirectUrl=&trackingReferer= — visitors sign up first, on the web2app page. */
export const web2appSubscribePage = withSession<SubscribePageProps>({ whenUnauthed: 'render', whenAuthed: 'render' }, async (context, user) => {
  if (!user) {
    const billing = (await getServices()).billing;
    return { redirect: { destination: paths.web2appSignup(billing.checkedRedirect('web2app', one(context.query.redirectUrl))), permanent: false } };
  }
  return { props: await subscribeProps(context, user, 'web2app') };
});

/** /web2app/signup?redirectUrl= — signed-in learners go straight on to the plans. */
export const web2appSignupPage = withSession<Web2appSignupPageProps>({ whenUnauthed: 'render', whenAuthed: 'render' }, async (context, user) => {
  const billing = (await getServices()).billing;
  const next = paths.web2appSubscribe(billing.checkedRedirect('web2app', one(context.query.redirectUrl)));
  if (user) return { redirect: { destination: next, permanent: false } };
  return { props: { next } };
});

/** /web2app/success?redirectUrl= */
export const web2appSuccessPage = withSession<Web2appSuccessPageProps>({ whenUnauthed: 'render', whenAuthed: 'render' }, async (context, user) => {
  const billing = (await getServices()).billing;
  const entitlement = user ? await billing.entitlement(user.id) : null;
  const plan = entitlement?.pro ? billing.plans().find((candidate) => candidate.id === entitlement.planId) : undefined;
  return { props: { appLink: billing.appLink(one(context.query.redirectUrl)), pro: entitlement?.pro ?? false, planName: plan?.name ?? null } };
});

/** /web/purchase-successful?checkout= (the success URL Stripe is given, built with the app's origin). */
export const purchaseSuccessfulPage = withSession<PurchaseSuccessfulPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user) => {
  if (!user) return { notFound: true };
  const checkoutId = one(context.query.checkout);
  const summary = checkoutId ? await (await getServices()).billing.checkoutSummary(user.id, checkoutId) : null;
  if (!summary) return { props: { kind: 'unknown-checkout' } };
  return { props: { kind: 'checkout', ...summary } };
});

/** /web/billing/test-checkout/{id} — only with the local provider (404 otherwise). */
export const testCheckoutPage = withSession<TestCheckoutPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user) => {
  if (!user) return { notFound: true };
  const billing = (await getServices()).billing;
  if (billing.provider !== 'local') return { notFound: true };
  const id = one(context.params?.checkoutId as string | string[] | undefined) ?? '';
  try {
    return { props: { kind: 'checkout', checkout: await billing.testCheckout({ uid: user.id, email: user.email, roles: user.roles }, id) } };
  } catch (error) {
    if (isHttpError(error, 404)) return { props: { kind: 'unknown-checkout' } };
    throw error;
  }
});

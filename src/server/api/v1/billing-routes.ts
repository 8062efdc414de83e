import { z } from 'zod';
import { allows, consentFromCookie } from '@/domain/analytics/consent';
import { checkoutBodySchema, testCheckoutBodySchema } from '@/domain/billing/billing-dto';
import type { Identity } from '@/server/auth/identity';
import { defineEndpoint, type AnyEndpoint, type Routes } from '@/server/http/endpoint';
import type { Services } from '@/server/services/services';

/** Billing, API v1 (docs/features/billing.md): the learner's plan, checkouts, cancel, refund, portal. */

const checkoutParams = z.object({ checkoutId: z.string({ error: 'checkoutId is missing' }).max(100, 'checkoutId is too long') });
const paymentParams = z.object({ paymentId: z.string({ error: 'paymentId is missing' }).max(255, 'paymentId is too long') });

const learner = (identity: Identity) => ({ uid: identity.uid, email: identity.email, roles: identity.roles });

/** Every billing change counts toward the learner's write limit (429 past it). */
function billingWrite<Q = Record<string, never>, B = undefined>(services: Services, spec: { query?: z.ZodType<Q>; body?: z.ZodType<B> }, run: (identity: Identity, query: Q, body: B) => Promise<unknown>): AnyEndpoint {
  return defineEndpoint<Q, B>({
    access: 'user',
    ...spec,
    handle: async ({ identity, query, body }) => {
      await services.rateLimits.hit('project-write', identity.uid);
      return { body: await run(identity, query, body) };
    },
  });
}

/** GET /billing */
export function billingRoutes(services: Services): Routes {
  return { GET: defineEndpoint({ access: 'user', handle: async ({ identity }) => ({ body: await services.billing.overview(identity.uid) }) }) };
}

/**
 * POST /billing/checkout { plan, flow, redirectUrl?, trackingReferer? } → { checkoutId, url }. The
 * request's consent cookie is kept with the checkout: the webhook that records the purchase in
 * analytics later has no cookie to read.
 */
export function checkoutRoutes(services: Services, consentCookie?: string): Routes {
  const consent = consentFromCookie(consentCookie);
  return {
    POST: billingWrite(services, { body: checkoutBodySchema }, (identity, _query, body) =>
      services.billing.startCheckout(learner(identity), body, { analytics: allows(consent, 'analytics'), marketing: allows(consent, 'marketing') }),
    ),
  };
}

/** GET /billing/checkout/{checkoutId} — what /web/purchase-successful waits on. */
export function checkoutStatusRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<z.infer<typeof checkoutParams>>({ access: 'user', query: checkoutParams, handle: async ({ identity, query }) => ({ body: await services.billing.checkoutStatus(identity.uid, query.checkoutId) }) }),
  };
}

/** GET/POST /billing/test-checkout/{checkoutId} — the local provider's checkout (404 with Stripe). */
export function testCheckoutRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint<z.infer<typeof checkoutParams>>({ access: 'user', query: checkoutParams, handle: async ({ identity, query }) => ({ body: await services.billing.testCheckout(learner(identity), query.checkoutId) }) }),
    POST: billingWrite(services, { query: checkoutParams, body: testCheckoutBodySchema }, (identity, query, body) => services.billing.completeTestCheckout(identity.uid, query.checkoutId, body.card)),
  };
}

/** POST /billing/subscription/cancel — at the end of the paid period. */
export function cancelRoutes(services: Services): Routes {
  return { POST: billingWrite(services, {}, (identity) => services.billing.cancel(identity.uid)) };
}

/** POST /billing/subscription/resume — undoes a cancel before the period ends. */
export function resumeRoutes(services: Services): Routes {
  return { POST: billingWrite(services, {}, (identity) => services.billing.resume(identity.uid)) };
}

/** POST /billing/payments/{paymentId}/refund — within the refund window; Pro ends at once. */
export function refundRoutes(services: Services): Routes {
  return { POST: billingWrite(services, { query: paymentParams }, (identity, query) => services.billing.refund(identity.uid, query.paymentId)) };
}

/** POST /billing/portal → { url } of Stripe's Customer Portal (404 locally). */
export function portalRoutes(services: Services): Routes {
  return { POST: billingWrite(services, {}, (identity) => services.billing.portal(identity.uid)) };
}

const notificationParams = z.object({ notificationId: z.string({ error: 'notificationId is missing' }).min(1, 'notificationId is missing').max(255, 'notificationId is too long') });

/** GET /billing/notifications → the learner's open notices (the trial reminder). */
export function billingNotificationsRoutes(services: Services): Routes {
  return { GET: defineEndpoint({ access: 'user', handle: async ({ identity }) => ({ body: await services.billing.notifications(identity.uid) }) }) };
}

/** POST /billing/notifications/{notificationId}/dismiss → 404 for another learner's or an unknown one. */
export function dismissBillingNotificationRoutes(services: Services): Routes {
  return { POST: billingWrite(services, { query: notificationParams }, (identity, query) => services.billing.dismissNotification(identity.uid, query.notificationId)) };
}

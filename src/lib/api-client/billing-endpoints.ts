import { billingNotificationsSchema, billingOverviewSchema, dismissedSchema, checkoutStartedSchema, checkoutStatusSchema, portalSchema, testCheckoutResultSchema, testCheckoutSchema, type CheckoutBody, type TestCard } from '@/domain/billing/billing-dto';
import type { ApiClient } from './api-client';

const changedSchema = billingOverviewSchema;
const checkout = (id: string) => `/billing/checkout/${encodeURIComponent(id)}`;
const testCheckout = (id: string) => `/billing/test-checkout/${encodeURIComponent(id)}`;

/** Billing's API v1 (docs/features/billing.md), answers checked with the shared DTO schemas. */
export function billingEndpoints(client: ApiClient) {
  return {
    overview: () => client.request({ path: '/billing', errorKey: 'fetchBilling', schema: billingOverviewSchema }),
    startCheckout: (body: CheckoutBody) => client.request({ method: 'POST', path: '/billing/checkout', body, errorKey: 'startCheckout', schema: checkoutStartedSchema }),
    checkoutStatus: (checkoutId: string) => client.request({ path: checkout(checkoutId), errorKey: 'fetchCheckout', schema: checkoutStatusSchema }),
    testCheckout: (checkoutId: string) => client.request({ path: testCheckout(checkoutId), errorKey: 'fetchTestCheckout', schema: testCheckoutSchema }),
    completeTestCheckout: (checkoutId: string, card: TestCard) => client.request({ method: 'POST', path: testCheckout(checkoutId), body: { card }, errorKey: 'completeTestCheckout', schema: testCheckoutResultSchema }),
    cancel: () => client.request({ method: 'POST', path: '/billing/subscription/cancel', errorKey: 'cancelSubscription', schema: changedSchema }),
    resume: () => client.request({ method: 'POST', path: '/billing/subscription/resume', errorKey: 'resumeSubscription', schema: changedSchema }),
    refund: (paymentId: string) => client.request({ method: 'POST', path: `/billing/payments/${encodeURIComponent(paymentId)}/refund`, errorKey: 'refundPayment', schema: changedSchema }),
    portal: () => client.request({ method: 'POST', path: '/billing/portal', errorKey: 'openBillingPortal', schema: portalSchema }),
    notifications: () => client.request({ path: '/billing/notifications', errorKey: 'fetchBillingNotifications', schema: billingNotificationsSchema }),
    dismissNotification: (id: string) => client.request({ method: 'POST', path: `/billing/notifications/${encodeURIComponent(id)}/dismiss`, errorKey: 'dismissBillingNotification', schema: dismissedSchema }),
  };
}

export type BillingEndpoints = ReturnType<typeof billingEndpoints>;

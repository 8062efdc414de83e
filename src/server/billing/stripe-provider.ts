import Stripe from 'stripe';
import type { PlanId } from '@/domain/billing/plans';
import type { BillingProvider } from './billing-provider';

/**
 * Stripe (BILLING_PROVIDER=stripe): Checkout Sessions in subscription mode, the Customer Portal,
 * cancellation at the period's end and refunds. What it changes comes back as webhook events;
 * nothing here writes subscription state. `apiBase` points the SDK at a Stripe double in tests.
 */

export interface StripeProviderOptions {
  secretKey: string;
  priceIds: Record<PlanId, string>;
  apiBase: string | null;
}

export function stripeClient(secretKey: string, apiBase: string | null): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'Codetrail' } });
  const url = new URL(apiBase);
  return new Stripe(secretKey, { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol === 'https:' ? 'https' : 'http', maxNetworkRetries: 0, timeout: 10_000 });
}

export function createStripeProvider(options: StripeProviderOptions): BillingProvider {
  const stripe = stripeClient(options.secretKey, options.apiBase);

  async function paymentIntentOfInvoice(invoiceId: string): Promise<string | null> {
    // Newer API versions keep an invoice's payments in their own list.
    const list = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 1 });
    const intent = list.data[0]?.payment?.payment_intent;
    return typeof intent === 'string' ? intent : (intent?.id ?? null);
  }

  return {
    name: 'stripe',

    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: options.priceIds[request.plan], quantity: 1 }],
          client_reference_id: request.uid,
          ...(request.customerId ? { customer: request.customerId } : request.email ? { customer_email: request.email } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: { checkoutId: request.checkoutId, uid: request.uid },
          subscription_data: { metadata: { uid: request.uid, plan: request.plan, checkoutId: request.checkoutId }, ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}) },
        },
        { idempotencyKey: `checkout-${request.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe created a checkout session without a URL');
      return { url: session.url, providerSessionId: session.id };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async refund(request) {
      const paymentIntent = request.paymentIntentId ?? (await paymentIntentOfInvoice(request.paymentId));
      if (!paymentIntent) throw new Error(`Stripe has no payment for invoice ${request.paymentId}`);
      await stripe.refunds.create({ payment_intent: paymentIntent, metadata: { invoice: request.paymentId } }, { idempotencyKey: `refund-${request.paymentId}` });
      if (request.subscriptionId) await stripe.subscriptions.cancel(request.subscriptionId);
    },

    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
  };
}

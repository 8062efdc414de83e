import type { PlanId } from '@/domain/billing/plans';
import type { TestCard } from '@/domain/billing/billing-dto';

/**
 * A payment provider, chosen by BILLING_PROVIDER (docs/decisions.md D77, "Billing"):
 * - `stripe`: Checkout Sessions, the Customer Portal, refunds and cancellation through Stripe's API;
 * - `local`: a test checkout served by the app, offline, whose outcome is sent as signed
 *   Stripe-shaped events through the same webhook handler.
 * Providers never write subscription state: that comes only from webhook events.
 */

export interface CheckoutRequest {
  checkoutId: string;
  uid: string;
  email: string | null;
  plan: PlanId;
  trialDays: number;
  /** The learner's existing customer at the provider, so a second subscription stays on one customer. */
  customerId: string | null;
  /** Absolute URLs (built with the app's origin prefix). */
  successUrl: string;
  cancelUrl: string;
}

export interface RefundRequest {
  paymentId: string;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  amountMinor: number;
  currency: string;
  customerId: string;
}

export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  /** Where the learner pays: Stripe's hosted page, or the app's own test checkout. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerSessionId: string }>;
  /** Cancels at the end of the paid period (true) or keeps the subscription (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Refunds the payment in full and ends its subscription at once. */
  refund(request: RefundRequest): Promise<void>;
  /** Stripe's Customer Portal (payment method, invoices); null where there is none. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
}

/** The local provider's test checkout (the stripe provider has no such step). */
export interface LocalCheckoutCompletion {
  checkoutId: string;
  uid: string;
  plan: PlanId;
  trialDays: number;
  card: TestCard;
}

export class CardDeclinedError extends Error {
  override name = 'CardDeclinedError';
}

import { trackThenNavigate } from '@/lib/analytics/track';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApiClient, useAuthUser } from '@/features/auth';
import type { BillingOverview, CheckoutBody, CheckoutStatus, TestCard } from '@/domain/billing/billing-dto';
import { billingEndpoints } from '@/lib/api-client/billing-endpoints';

export const billingKey = (userId: string | null) => ['user', userId, 'billing'] as const;
const checkoutKey = (userId: string | null, checkoutId: string) => [...billingKey(userId), 'checkout', checkoutId] as const;

/** How often /web/purchase-successful asks whether the webhook has made the learner Pro. */
export const CHECKOUT_POLL_MS = 1000;
/** How long it asks before it stops and offers "Check again". */
export const CHECKOUT_PATIENCE_MS = 60_000;

export function useBillingEndpoints() {
  const client = useApiClient();
  return useMemo(() => billingEndpoints(client), [client]);
}

/** GET /billing: the plan, the subscription, the receipts. */
export function useBillingOverview() {
  const { id } = useAuthUser();
  const endpoints = useBillingEndpoints();
  return useQuery({ queryKey: billingKey(id), queryFn: () => endpoints.overview(), enabled: id !== null, staleTime: 0 });
}

/** Leaves the app for the checkout the server opened (Stripe's, or the local test checkout). */
function leaveFor(url: string) {
  window.location.assign(url);
}

/** POST /billing/checkout, then on to the checkout page. The mutation stays successful while the browser leaves. */
export function useStartCheckout() {
  const endpoints = useBillingEndpoints();
  return useMutation({
    mutationFn: (body: CheckoutBody) => endpoints.startCheckout(body),
    // The checkout is another site: the event gets at most LINK_TRACKING_TIMEOUT_MS (spec §9) before the browser leaves.
    onSuccess: ({ url }, body) => trackThenNavigate('checkout_started', { plan: body.plan, flow: body.flow ?? 'web' }, () => leaveFor(url)),
  });
}

/** The local provider's checkout: pays with a test card, then follows the server's redirect. */
export function useCompleteTestCheckout(checkoutId: string) {
  const endpoints = useBillingEndpoints();
  return useMutation({ mutationFn: (card: TestCard) => endpoints.completeTestCheckout(checkoutId, card), onSuccess: ({ redirect }) => leaveFor(redirect) });
}

/** Stripe's Customer Portal (change the card, see invoices). */
export function useOpenPortal() {
  const endpoints = useBillingEndpoints();
  return useMutation({ mutationFn: () => endpoints.portal(), onSuccess: ({ url }) => leaveFor(url) });
}

/** Cancel, resume and refund answer with the new overview: it replaces the cached one. */
function useOverviewChange<A>(call: (argument: A) => Promise<BillingOverview>) {
  const { id } = useAuthUser();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (overview) => queryClient.setQueryData(billingKey(id), overview) });
}

export function useCancelSubscription() {
  const endpoints = useBillingEndpoints();
  return useOverviewChange<void>(() => endpoints.cancel());
}

export function useResumeSubscription() {
  const endpoints = useBillingEndpoints();
  return useOverviewChange<void>(() => endpoints.resume());
}

export function useRefundPayment() {
  const endpoints = useBillingEndpoints();
  return useOverviewChange<string>((paymentId) => endpoints.refund(paymentId));
}

/** Pro has arrived, or the checkout will never pay: nothing more to wait for. */
const settled = (status: CheckoutStatus | undefined) => status !== undefined && (status.pro || status.status === 'expired');

/**
 * GET /billing/checkout/{id} every second until the webhook has made the learner Pro (or the
 * checkout expired). After a minute it stops asking: `gaveUp` is true until `checkAgain()`.
 */
export function useCheckoutStatus(checkoutId: string) {
  const { id } = useAuthUser();
  const endpoints = useBillingEndpoints();
  const queryClient = useQueryClient();
  const [gaveUp, setGaveUp] = useState(false);
  const query = useQuery({
    queryKey: checkoutKey(id, checkoutId),
    queryFn: () => endpoints.checkoutStatus(checkoutId),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (current) => (gaveUp || settled(current.state.data) ? false : CHECKOUT_POLL_MS),
    refetchIntervalInBackground: true,
  });
  const done = settled(query.data);
  const pro = query.data?.pro === true;

  useEffect(() => {
    if (done || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), CHECKOUT_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [done, gaveUp]);

  // The plan shown on the settings page changed with the purchase.
  useEffect(() => {
    if (pro) void queryClient.invalidateQueries({ queryKey: billingKey(id), exact: true });
  }, [pro, queryClient, id]);

  const { refetch } = query;
  const checkAgain = useCallback(() => {
    setGaveUp(false);
    void refetch();
  }, [refetch]);

  return { ...query, gaveUp: gaveUp && !done, checkAgain };
}

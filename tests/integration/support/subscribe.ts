import type { PlanId } from '@/domain/billing/plans';
import type { Services } from '@/server/services/services';

/**
 * Makes a learner Pro the way a learner does: a checkout, then the local provider's test card,
 * whose outcome reaches the app only as signed events through the webhook handler. Tests about
 * something else move their clocks by weeks, so by default the yearly plan, and the first renewal
 * after the free trial is paid too (the local provider's clock): Pro for a year past the trial.
 */
export async function subscribeToPro(services: Services, uid: string, plan: PlanId = 'yearly', options: { pastTrial?: boolean } = {}): Promise<void> {
  await services.users.syncFromIdentity({ uid, email: null, displayName: null, roles: [], impersonated: false, authTime: null });
  const { checkoutId } = await services.billing.startCheckout({ uid, email: null, roles: [] }, { plan });
  await services.billing.completeTestCheckout(uid, checkoutId, 'succeeds');
  if (!(await services.billing.isPro(uid))) throw new Error(`subscribeToPro: ${uid} is not Pro after the test checkout`);
  const { subscription } = await services.billing.overview(uid);
  if ((options.pastTrial ?? true) && subscription?.status === 'trialing') {
    await services.billing.runLocalClock(new Date(subscription.currentPeriodEnd));
    const renewed = (await services.billing.overview(uid)).subscription;
    if (renewed?.status !== 'active') throw new Error(`subscribeToPro: ${uid}'s subscription is ${renewed?.status ?? 'gone'} after its trial`);
  }
}

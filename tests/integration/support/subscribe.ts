import type { PlanId } from '@/domain/billing/plans';
import type { Services } from '@/server/services/services';

/**
 * Makes a learner Pro the way a learner does: a checkout, then the local provider's test card,
 * whose outcome reaches the app only as signed events through the webhook handler.
 */
export async function subscribeToPro(services: Services, uid: string, plan: PlanId = 'monthly'): Promise<void> {
  await services.users.syncFromIdentity({ uid, email: null, displayName: null, roles: [], impersonated: false, authTime: null });
  const { checkoutId } = await services.billing.startCheckout({ uid, email: null, roles: [] }, { plan });
  await services.billing.completeTestCheckout(uid, checkoutId, 'succeeds');
  if (!(await services.billing.isPro(uid))) throw new Error(`subscribeToPro: ${uid} is not Pro after the test checkout`);
}

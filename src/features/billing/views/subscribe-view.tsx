import { useState, type FormEvent } from 'react';
import { Link } from '@/ui/link';
import type { PlanId } from '@/domain/billing/plans';
import { renewalTerms } from '@/domain/billing/plans';
import { paths } from '@/domain/routing/paths';
import type { SubscribePageProps } from '@/lib/billing/billing-page-props';
import { Alert, Button, ButtonLink, Stack } from '@/ui';
import { useStartCheckout } from '../api/billing-queries';
import { BillingPage, type BillingPageProps } from '../components/billing-page';
import { PlanFacts, errorText, preferredPlan, trialLine } from '../components/plan-parts';
import { RadioCards } from '../components/radio-cards';
import styles from '../components/billing.module.css';

/** The server's checks found nothing to pay with on this server: said plainly before anyone clicks. */
export const TEST_MODE_NOTE = 'Payments are in test mode on this server: no real money moves.';

function AlreadyPro({ page, continueUrl }: { page: Pick<BillingPageProps, 'layout'>; continueUrl: string }) {
  return (
    <BillingPage layout={page.layout} kicker="Codetrail Pro" title="You already have Codetrail Pro" lead="There is nothing to buy: every track, project and tool is open to you.">
      <Stack gap={4}>
        <div className={styles.actions}>
          <ButtonLink href={continueUrl} size="lg">
            Continue
          </ButtonLink>
        </div>
        <p className={styles.muted}>
          Your plan, receipts and cancelling are in <Link href={paths.billingSettings()}>Settings → Billing</Link>.
        </p>
      </Stack>
    </BillingPage>
  );
}

/** /web/subscribe and /web2app/subscribe: pick a plan, read what it costs and how to stop, go to the checkout. */
export default function SubscribeView({ flow, provider, entitlement, redirectUrl, trackingReferer, continueUrl, plans, trialDays }: SubscribePageProps) {
  const layout = flow === 'web2app' ? 'focused' : 'app';
  const [planId, setPlanId] = useState<PlanId | null>(() => preferredPlan(plans)?.id ?? null);
  const checkout = useStartCheckout();

  if (entitlement.pro) return <AlreadyPro page={{ layout }} continueUrl={continueUrl} />;

  const plan = plans.find((candidate) => candidate.id === planId) ?? null;
  // After success the browser is on its way to the checkout: the button stays busy until it has left.
  const leaving = checkout.isPending || checkout.isSuccess;
  const trial = trialLine(trialDays);

  function subscribe(event: FormEvent) {
    event.preventDefault();
    if (!plan) return;
    checkout.mutate({ plan: plan.id, flow, redirectUrl: redirectUrl ?? undefined, trackingReferer: trackingReferer ?? undefined });
  }

  return (
    <BillingPage
      layout={layout}
      kicker="Codetrail Pro"
      title={flow === 'web2app' ? 'Choose your plan, then finish in the app' : 'Choose your plan'}
      lead={flow === 'web2app' ? 'Pay here on the web; afterwards you go back to the Codetrail app, where Pro is waiting for you.' : 'Every track, project and tool on Codetrail. Cancel any time.'}
    >
      <form onSubmit={subscribe} aria-label="Subscribe to Codetrail Pro" noValidate>
        <Stack gap={5}>
          {entitlement.notice && <Alert kind="warning">{entitlement.notice}</Alert>}
          {provider === 'local' && <Alert kind="info">{TEST_MODE_NOTE}</Alert>}
          {plans.length > 0 && planId && (
            <RadioCards legend="Your plan" name="plan" value={planId} onChange={setPlanId} disabled={leaving} options={plans.map((option) => ({ value: option.id, label: <PlanFacts plan={option} /> }))} />
          )}
          {trial && <p className={styles.trial}>{trial}</p>}
          {plan && (
            <p className={styles.terms} aria-live="polite">
              {renewalTerms(plan, { trial: trialDays > 0 })}
            </p>
          )}
          {checkout.isError && <Alert kind="error">{errorText(checkout.error, 'The checkout could not be started.')}</Alert>}
          <div>
            <Button type="submit" size="lg" fullWidth={flow === 'web2app'} loading={leaving} disabled={!plan}>
              {leaving ? 'Opening the checkout…' : 'Subscribe'}
            </Button>
          </div>
        </Stack>
      </form>
    </BillingPage>
  );
}

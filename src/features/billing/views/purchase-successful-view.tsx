import { Link } from '@/ui/link';
import type { CheckoutFlow, PlanDto } from '@/domain/billing/billing-dto';
import { paths } from '@/domain/routing/paths';
import type { PurchaseSuccessfulPageProps } from '@/lib/billing/billing-page-props';
import { Alert, Button, ButtonLink, Spinner, Stack } from '@/ui';
import { useCheckoutStatus } from '../api/billing-queries';
import { BillingPage } from '../components/billing-page';
import type { TrialSummary } from '@/domain/billing/billing-dates';
import { formatPrice } from '@/domain/billing/plans';
import { errorText, formatDay, pricePerInterval } from '../components/plan-parts';
import styles from '../components/billing.module.css';

const layoutFor = (flow: CheckoutFlow) => (flow === 'web2app' ? 'focused' : 'app');

function UnknownCheckout() {
  return (
    <BillingPage layout="app" kicker="Codetrail Pro" title="We could not find that purchase" lead="This link does not name a checkout of yours. If you have just paid, your plan shows in Settings → Billing.">
      <div className={styles.actions}>
        <ButtonLink href={paths.billingSettings()}>Go to Settings → Billing</ButtonLink>
      </div>
    </BillingPage>
  );
}

/** A trial's three days: today (nothing charged), the reminder, the first charge and its price. */
function TrialTimelineList({ trial }: { trial: TrialSummary }) {
  return (
    <ol className={styles.timeline} aria-label="Your free trial">
      <li>
        <span className={styles.timelineDay}>Today, {formatDay(trial.startsOn)}</span>
        <span>Your free trial starts. {formatPrice(0, trial.currency)} today.</span>
      </li>
      <li>
        <span className={styles.timelineDay}>{formatDay(trial.reminderOn)}</span>
        <span>We remind you in the app that your first charge is {trial.reminderDays} days away.</span>
      </li>
      <li>
        <span className={styles.timelineDay}>{formatDay(trial.firstChargeOn)}</span>
        <span>
          Your first charge: {formatPrice(trial.priceMinor, trial.currency)}, unless you cancel before then in Settings → Billing.
        </span>
      </li>
    </ol>
  );
}

function Checkout({ checkoutId, plan, flow, trial }: { checkoutId: string; plan: PlanDto; flow: CheckoutFlow; trial: TrialSummary | null }) {
  const status = useCheckoutStatus(checkoutId);
  const pro = status.data?.pro === true;
  const expired = !pro && status.data?.status === 'expired';
  // No `purchase` event from here: the billing webhook records it (docs/analytics.md), so a page view cannot fake one.
  const subscribeAgain = flow === 'web2app' ? paths.web2appSubscribe() : paths.subscribe();

  // A trial takes no payment: the page says so rather than "payment confirmed".
  const title = pro ? (trial ? 'Your free trial has started' : 'Welcome to Codetrail Pro') : expired ? (trial ? 'The trial did not start' : 'The payment did not go through') : 'Thank you!';
  const lead = expired
    ? 'Nothing was charged. You can choose a plan and try again.'
    : trial
      ? `Your plan: Codetrail Pro ${plan.name}, free until ${formatDay(trial.firstChargeOn)}, then ${pricePerInterval(plan)}. No payment was taken today.`
      : `Your plan: Codetrail Pro ${plan.name}, ${pricePerInterval(plan)}.`;

  return (
    <BillingPage layout={layoutFor(flow)} kicker="Codetrail Pro" title={title} lead={lead}>
      <Stack gap={5}>
        {/* One live region for the whole wait, so that its outcome is announced too. */}
        <div role="status" className={styles.waiting} data-state={pro ? 'done' : expired ? 'expired' : status.gaveUp ? 'slow' : 'waiting'}>
          {pro ? (
            <p>{trial ? 'No payment was taken. Pro is open to you for the whole trial.' : 'Your payment is confirmed and Pro is open to you.'}</p>
          ) : expired ? (
            <p>The checkout was closed or the card was declined.</p>
          ) : status.gaveUp ? (
            <p>{trial ? 'This is taking longer than usual. Your trial turns on within a few minutes.' : 'This is taking longer than usual. If your payment went through, Pro turns on within a few minutes.'}</p>
          ) : (
            <>
              <Spinner size="md" decorative />
              <p>{trial ? 'Starting your free trial…' : 'Confirming your payment…'}</p>
            </>
          )}
        </div>
        {trial && !expired && <TrialTimelineList trial={trial} />}
        {status.isError && !pro && !expired && (
          <Alert kind="warning">
            {errorText(status.error, 'We could not check the purchase.')}
            {status.gaveUp ? '' : ' We keep trying.'}
          </Alert>
        )}
        <div className={styles.actions}>
          {pro && status.data && (
            <ButtonLink href={status.data.continueUrl} size="lg">
              Continue
            </ButtonLink>
          )}
          {expired && <ButtonLink href={subscribeAgain}>Choose a plan again</ButtonLink>}
          {status.gaveUp && (
            <Button variant="secondary" onClick={status.checkAgain}>
              Check again
            </Button>
          )}
        </div>
        {status.gaveUp && (
          <p className={styles.muted}>
            You can also look at your plan in <Link href={paths.billingSettings()}>Settings → Billing</Link>.
          </p>
        )}
      </Stack>
    </BillingPage>
  );
}

/** /web/purchase-successful?checkout=: waits until the webhook has really made the learner Pro; only then "Continue". */
export default function PurchaseSuccessfulView(props: PurchaseSuccessfulPageProps) {
  if (props.kind !== 'checkout') return <UnknownCheckout />;
  return <Checkout checkoutId={props.checkoutId} plan={props.plan} flow={props.flow} trial={props.trial} />;
}

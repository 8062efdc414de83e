import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { track } from '@/lib/analytics/track';
import { renewalTerms } from '@/domain/billing/plans';
import type { PaywallDestination, ProPageProps } from '@/lib/billing/billing-page-props';
import { ButtonLink, Card, CheckIcon, Stack } from '@/ui';
import { BillingPage } from '../components/billing-page';
import { PlanFacts, trialLine } from '../components/plan-parts';
import styles from '../components/billing.module.css';

/**
 * What paying opens, in the path's order (the lock first, then Pro): where the learner goes after
 * subscribing, or, for a lesson their path has not reached, that it still waits for a chapter.
 */
export function pathOrderLine(destination: PaywallDestination | null): string {
  const rule = 'Pro opens every course and project; chapters still open in order, each once you finish the one before.';
  if (!destination) return rule;
  if (destination.lockedUntil) return `“${destination.lessonTitle}” opens after you finish “${destination.lockedUntil}”, with Pro or without. ${rule}`;
  return `After you subscribe you go straight back to “${destination.lessonTitle}”. ${rule}`;
}

/** /web/pro: what Pro gives, what it costs and how to stop, before anything is asked of the learner. */
export default function PaywallView({ reason, subscribeUrl, notNowUrl, pro, continueUrl, plans, trialDays, benefits, refundWindowDays, destination }: ProPageProps) {
  const { query, isReady } = useRouter();
  const referer = typeof query.trackingReferer === 'string' ? query.trackingReferer.replace(/[^\w-]/g, '').slice(0, 40) : '';
  useEffect(() => {
    if (isReady && !pro) void track('paywall_viewed', { referer: referer || 'direct' });
  }, [isReady, pro, referer]);
  if (pro) {
    return (
      <BillingPage layout="app" kicker="Codetrail Pro" title="You already have Pro" lead="Everything is open to you. Carry on where you were.">
        <div className={styles.actions}>
          <ButtonLink href={continueUrl} size="lg">
            Continue
          </ButtonLink>
        </div>
      </BillingPage>
    );
  }

  const trial = trialLine(trialDays);
  return (
    <BillingPage layout="app" kicker="Codetrail Pro" title="Keep going with Codetrail Pro" lead={reason ?? 'Pro opens every track, project and tool on Codetrail.'}>
      <Card as="section" aria-labelledby="pro-benefits-heading">
        <h2 id="pro-benefits-heading" className={styles.sectionTitle}>
          What Pro gives you
        </h2>
        <ul className={styles.benefits}>
          {benefits.map((benefit) => (
            <li key={benefit}>
              <CheckIcon className={styles.benefitIcon} />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
        <p className={styles.muted} data-testid="paywall-path-order">
          {pathOrderLine(destination)}
        </p>
      </Card>

      <section aria-labelledby="pro-plans-heading">
        <h2 id="pro-plans-heading" className={styles.sectionTitle}>
          Plans
        </h2>
        {trial && <p className={styles.trial}>{trial}</p>}
        <ul className={styles.planList}>
          {plans.map((plan) => (
            <li key={plan.id} className={styles.planCard} data-recommended={plan.savingPercent > 0 || undefined}>
              <PlanFacts plan={plan} />
              <p className={styles.terms}>{renewalTerms(plan, { trial: trialDays > 0 })}</p>
            </li>
          ))}
        </ul>
      </section>

      <Stack gap={3}>
        <div className={styles.actions}>
          <ButtonLink href={subscribeUrl} size="lg">
            See plans and subscribe
          </ButtonLink>
          <ButtonLink href={notNowUrl} size="lg" variant="ghost">
            Not now
          </ButtonLink>
        </div>
        <p className={styles.muted}>
          How to cancel: any time in Settings → Billing. You keep Pro until the end of the period you paid for, and nothing more is charged.
          {refundWindowDays > 0 && ` Changed your mind? Refund a payment there within ${refundWindowDays} days of paying it; Pro then ends at once.`}
        </p>
      </Stack>
    </BillingPage>
  );
}

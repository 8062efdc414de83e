import type { PlanDto } from '@/domain/billing/billing-dto';
import { userMessageOf } from '@/lib/errors/user-message';
import { formatBillingDay } from '@/domain/billing/billing-dates';
import { formatPrice } from '@/domain/billing/plans';
import styles from './billing.module.css';

/**
 * How plans and money read everywhere in billing. Prices use formatPrice's fixed locale: the
 * pages are rendered on the server too, and a price must not change when the page hydrates.
 */
export const priceOf = (plan: Pick<PlanDto, 'amountMinor' | 'currency'>) => formatPrice(plan.amountMinor, plan.currency);

/** "$79.99 a year" */
export const pricePerInterval = (plan: PlanDto) => `${priceOf(plan)} a ${plan.interval}`;

/** "Save 33%", or null for a plan that saves nothing. */
export const savingLabel = (plan: PlanDto) => (plan.savingPercent > 0 ? `Save ${plan.savingPercent}%` : null);

/** "Try Pro free for 7 days." when this learner gets a trial now. */
export const trialLine = (trialDays: number) => (trialDays > 0 ? `Try Pro free for ${trialDays} days. You can cancel before the trial ends and pay nothing.` : null);

/** The yearly plan first when there is one: it is the one picked for the learner. */
export const preferredPlan = (plans: PlanDto[]) => plans.find((plan) => plan.interval === 'year') ?? plans[0] ?? null;

/** A plan's name, saving, price and price per month: phrasing content only, so it fits inside a label. */
export function PlanFacts({ plan }: { plan: PlanDto }) {
  const saving = savingLabel(plan);
  return (
    <span className={styles.planFacts}>
      <span className={styles.planName}>
        {plan.name}
        {saving && <span className={styles.saving}>{saving}</span>}
      </span>
      <span className={styles.planPrice}>
        {priceOf(plan)}
        <span className={styles.planInterval}> a {plan.interval}</span>
      </span>
      <span className={styles.planPerMonth}>{plan.interval === 'year' ? `${formatPrice(plan.perMonthMinor, plan.currency)} a month, billed yearly` : 'Billed monthly'}</span>
    </span>
  );
}

/**
 * A billing day the server decided (YYYY-MM-DD in the learner's time zone, billing-dates.ts) as
 * "November 14, 2026" (long) or "Nov 14, 2026" (short, for table cells); "—" when there is none.
 */
export const formatDay = (day: string | null, style: 'long' | 'short' = 'long') => (day ? formatBillingDay(day, style) : '—');

export const errorText = (error: unknown, fallback: string) => userMessageOf(error, fallback);

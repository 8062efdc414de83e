import { addDays, daysBetween, isValidTimeZone, localDayOf, type LocalDay } from '@/domain/progress/local-day';
import type { Entitlement, SubscriptionRecord } from './subscription-state';

/**
 * Every billing date a learner is shown, decided in one place (docs/features/billing.md).
 *
 * The days are calendar days in the learner's time zone (their stored one, UTC when unknown),
 * counted from one instant per fact:
 * - the period's end (a trial's end while trialing) is when the plan charges next, and also when
 *   Pro stops if the learner cancels: "Renews on", "You keep Pro until" and "Pro until" after a
 *   cancel are the same day. The entitlement's day of leeway for a late renewal webhook is a
 *   server tolerance, never a date shown;
 * - during a grace period Pro lasts to the grace's end;
 * - a trial's reminder is `TRIAL_REMINDER_DAYS` calendar days before its first charge (never
 *   before the trial's first day), and the server sends it on that day (billing-service).
 */

/** The reminder before a trial's first charge: the same lead Stripe gives (`trial_will_end`). */
export const TRIAL_REMINDER_DAYS = 3;

/** Billing dates read the same on the server's HTML and the hydrated page: one fixed locale, as prices. */
export const BILLING_DATE_LOCALE = 'en-US';

export interface BillingDays {
  /** The next charge (renewal, or the first charge after a trial); null when none is coming. */
  chargeOn: LocalDay | null;
  /** The last day of Pro if it stops at this period's end (before a cancel: if they cancel now). */
  accessEndsOn: LocalDay | null;
  /** A trial's last day, which is its first charge's day unless it was cancelled. */
  trialEndsOn: LocalDay | null;
  /** The day the learner is reminded of a trial's first charge; null without a charge coming. */
  reminderOn: LocalDay | null;
  /** The day Pro ended (after it ended). */
  endedOn: LocalDay | null;
}

export const NO_BILLING_DAYS: BillingDays = { chargeOn: null, accessEndsOn: null, trialEndsOn: null, reminderOn: null, endedOn: null };

export type DatedSubscription = Pick<SubscriptionRecord, 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'trialEnd' | 'cancelAtPeriodEnd' | 'endedAt' | 'canceledAt'>;

/** A stored time zone the runtime does not know (or none) counts as UTC, the progress rules' default. */
export function billingTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

/** The reminder day before a charge on `chargeOn` for a trial that started on `startsOn`. */
export function reminderDayFor(startsOn: LocalDay, chargeOn: LocalDay, reminderDays = TRIAL_REMINDER_DAYS): LocalDay {
  const reminder = addDays(chargeOn, -reminderDays);
  return daysBetween(startsOn, reminder) < 0 ? startsOn : reminder;
}

/** The instant the current period (or trial) ends: the next charge, or the end of Pro after a cancel. */
export function periodEndOf(subscription: Pick<SubscriptionRecord, 'status' | 'trialEnd' | 'currentPeriodEnd'>): Date {
  return subscription.status === 'trialing' && subscription.trialEnd ? subscription.trialEnd : subscription.currentPeriodEnd;
}

/** The days of the subscription the entitlement comes from (null: a learner who never subscribed). */
export function billingDays(subscription: DatedSubscription | null, entitlement: Pick<Entitlement, 'state' | 'until'>, timeZone: string, reminderDays = TRIAL_REMINDER_DAYS): BillingDays {
  if (!subscription) return NO_BILLING_DAYS;
  const zone = billingTimeZone(timeZone);
  const day = (instant: Date) => localDayOf(instant, zone);
  const end = day(periodEndOf(subscription));
  switch (entitlement.state) {
    case 'active':
      return { ...NO_BILLING_DAYS, chargeOn: end, accessEndsOn: end };
    case 'trialing':
      return { chargeOn: end, accessEndsOn: end, trialEndsOn: end, reminderOn: reminderDayFor(day(subscription.currentPeriodStart), end, reminderDays), endedOn: null };
    case 'cancelling':
      return { ...NO_BILLING_DAYS, accessEndsOn: end, trialEndsOn: subscription.status === 'trialing' ? end : null };
    case 'grace':
      return { ...NO_BILLING_DAYS, accessEndsOn: entitlement.until ? day(entitlement.until) : end };
    case 'lapsed':
      return NO_BILLING_DAYS;
    case 'ended':
      return { ...NO_BILLING_DAYS, endedOn: day(subscription.endedAt ?? subscription.canceledAt ?? subscription.currentPeriodEnd) };
    case 'free':
      return NO_BILLING_DAYS;
  }
}

export interface TrialTimeline {
  /** Today: the trial starts, nothing is charged. */
  startsOn: LocalDay;
  reminderOn: LocalDay;
  /** The first charge, the trial's end. */
  firstChargeOn: LocalDay;
  reminderDays: number;
}

/**
 * A trial's three days, from its start and end instants (the subscription's once the webhook has
 * stored it; before that, the start plus the checkout's trial days, as the provider computes it).
 */
export function trialTimeline(startsAt: Date, endsAt: Date, timeZone: string, reminderDays = TRIAL_REMINDER_DAYS): TrialTimeline {
  const zone = billingTimeZone(timeZone);
  const startsOn = localDayOf(startsAt, zone);
  const firstChargeOn = localDayOf(endsAt, zone);
  return { startsOn, reminderOn: reminderDayFor(startsOn, firstChargeOn, reminderDays), firstChargeOn, reminderDays };
}

/** A trial's timeline as the success page shows it: the three days and the first charge's price. */
export interface TrialSummary extends TrialTimeline {
  priceMinor: number;
  currency: string;
}

/** Whether the trial reminder is due at `now` for someone in `timeZone`: from its day until the charge. */
export function trialReminderDue(reminderOn: LocalDay, chargeAt: Date, now: Date, timeZone: string): boolean {
  return now < chargeAt && daysBetween(reminderOn, localDayOf(now, billingTimeZone(timeZone))) >= 0;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * "December 8, 2026" (long) or "Dec 8, 2026" (short). A day is already in the learner's zone, so
 * it is written as that calendar day whatever the runtime's zone (formatted at UTC midnight in UTC).
 */
export function formatBillingDay(day: LocalDay, style: 'long' | 'short' = 'long', locale = BILLING_DATE_LOCALE): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '—';
  const key = `${locale}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: style === 'long' ? 'long' : 'medium', timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

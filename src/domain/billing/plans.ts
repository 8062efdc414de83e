/**
 * Codetrail Pro's plans: monthly and yearly, prices in the currency's minor unit (cents), an
 * optional free trial. Prices come from configuration (server-env.ts); these rules only say
 * what a plan costs per month, what the yearly plan saves and how a price reads.
 */

export const PLAN_IDS = ['monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanPrices {
  /** ISO 4217, upper case ("USD"). */
  currency: string;
  monthlyMinor: number;
  yearlyMinor: number;
  /** 0: no trial. */
  trialDays: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  interval: 'month' | 'year';
  amountMinor: number;
  currency: string;
  /** The yearly plan's price spread over 12 months (rounded down), the monthly plan's own price. */
  perMonthMinor: number;
  /** Whole percent the yearly plan saves against twelve monthly payments; 0 for monthly. */
  savingPercent: number;
  trialDays: number;
}

export const DEFAULT_PLAN_PRICES: PlanPrices = { currency: 'USD', monthlyMinor: 999, yearlyMinor: 7999, trialDays: 7 };

/** Currencies without a minor unit (Stripe's list of zero-decimal currencies, the common ones). */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);

export function minorUnitsPerMajor(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 1 : 100;
}

/** Refuses prices that would make a dishonest or broken paywall (a yearly plan dearer than 12 months). */
export function checkPlanPrices(prices: PlanPrices): { ok: true } | { ok: false; message: string } {
  if (!/^[A-Z]{3}$/.test(prices.currency)) return { ok: false, message: `BILLING_CURRENCY must be a three-letter ISO code such as USD (got "${prices.currency}")` };
  if (!Number.isInteger(prices.monthlyMinor) || prices.monthlyMinor <= 0) return { ok: false, message: 'BILLING_PRICE_MONTHLY must be a positive whole number of the currency\'s minor unit' };
  if (!Number.isInteger(prices.yearlyMinor) || prices.yearlyMinor <= 0) return { ok: false, message: 'BILLING_PRICE_YEARLY must be a positive whole number of the currency\'s minor unit' };
  if (prices.yearlyMinor > prices.monthlyMinor * 12) return { ok: false, message: 'BILLING_PRICE_YEARLY must not cost more than twelve months of BILLING_PRICE_MONTHLY' };
  if (!Number.isInteger(prices.trialDays) || prices.trialDays < 0 || prices.trialDays > 90) return { ok: false, message: 'BILLING_TRIAL_DAYS must be a whole number from 0 to 90' };
  return { ok: true };
}

export function plansFrom(prices: PlanPrices): Plan[] {
  // Whole numbers first, one division last: (a / b) * 100 lands a hair under an exact percent (8520 of 12000 → 28.999…).
  const yearlySaving = Math.floor(((prices.monthlyMinor * 12 - prices.yearlyMinor) * 100) / (prices.monthlyMinor * 12));
  return [
    { id: 'monthly', name: 'Monthly', interval: 'month', amountMinor: prices.monthlyMinor, currency: prices.currency, perMonthMinor: prices.monthlyMinor, savingPercent: 0, trialDays: prices.trialDays },
    { id: 'yearly', name: 'Yearly', interval: 'year', amountMinor: prices.yearlyMinor, currency: prices.currency, perMonthMinor: Math.floor(prices.yearlyMinor / 12), savingPercent: Math.max(0, yearlySaving), trialDays: prices.trialDays },
  ];
}

export function formatPrice(amountMinor: number, currency: string, locale = 'en-US'): string {
  const major = amountMinor / minorUnitsPerMajor(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: minorUnitsPerMajor(currency) === 1 ? 0 : 2 }).format(major);
}

/**
 * The sentence under a plan that says, before anyone pays, what is charged, when, and how to stop:
 * no dark patterns (issue 15).
 */
export function renewalTerms(plan: Plan, options: { trial: boolean; locale?: string }): string {
  const price = formatPrice(plan.amountMinor, plan.currency, options.locale);
  const every = plan.interval === 'month' ? 'every month' : 'every year';
  const start = options.trial && plan.trialDays > 0 ? `Free for ${plan.trialDays} days, then ${price} ${every}` : `${price} now, then ${every}`;
  return `${start} until you cancel. Cancel any time in Settings → Billing; you keep Pro until the period you paid for ends.`;
}

/** A trial is for a learner's first subscription only. */
export function trialDaysFor(prices: PlanPrices, hadSubscriptionBefore: boolean): number {
  return hadSubscriptionBefore ? 0 : prices.trialDays;
}

import { checkPlanPrices, DEFAULT_PLAN_PRICES, formatPrice, minorUnitsPerMajor, plansFrom, renewalTerms, trialDaysFor, type Plan, type PlanPrices } from './plans';

const prices = (overrides: Partial<PlanPrices> = {}): PlanPrices => ({ ...DEFAULT_PLAN_PRICES, ...overrides });

function planOf(all: Plan[], id: Plan['id']): Plan {
  const plan = all.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`no ${id} plan`);
  return plan;
}

describe('plansFrom', () => {
  it('makes the monthly and the yearly plan, in that order, from the default prices', () => {
    expect(plansFrom(DEFAULT_PLAN_PRICES)).toEqual<Plan[]>([
      { id: 'monthly', name: 'Monthly', interval: 'month', amountMinor: 999, currency: 'USD', perMonthMinor: 999, savingPercent: 0, trialDays: 7 },
      { id: 'yearly', name: 'Yearly', interval: 'year', amountMinor: 7999, currency: 'USD', perMonthMinor: 666, savingPercent: 33, trialDays: 7 },
    ]);
  });

  it.each<[string, PlanPrices, number, number]>([
    // [label, prices, yearly perMonthMinor, yearly savingPercent]
    ['defaults: 11988 → 7999 saves 33.27%', prices(), 666, 33],
    ['exactly twelve months saves nothing', prices({ monthlyMinor: 1000, yearlyMinor: 12000 }), 1000, 0],
    ['a cent under twelve months rounds the saving down to 0', prices({ monthlyMinor: 1000, yearlyMinor: 11999 }), 999, 0],
    ['exactly a quarter off', prices({ monthlyMinor: 1000, yearlyMinor: 9000 }), 750, 25],
    ['exactly half off', prices({ monthlyMinor: 1000, yearlyMinor: 6000 }), 500, 50],
    // Whole-percent savings whose floating-point ratio lands a hair under the integer.
    ['exactly 29% off (10.00 / 85.20)', prices({ monthlyMinor: 1000, yearlyMinor: 8520 }), 710, 29],
    ['exactly 29% off (5.00 / 42.60)', prices({ monthlyMinor: 500, yearlyMinor: 4260 }), 355, 29],
    ['exactly 57% off (12.00 / 61.92)', prices({ monthlyMinor: 1200, yearlyMinor: 6192 }), 516, 57],
    ['exactly 58% off (10.00 / 50.40)', prices({ monthlyMinor: 1000, yearlyMinor: 5040 }), 420, 58],
    ['per month rounds down (1 / 12)', prices({ monthlyMinor: 1, yearlyMinor: 1 }), 0, 91],
    ['a yearly plan dearer than twelve months never shows a negative saving', prices({ monthlyMinor: 100, yearlyMinor: 1300 }), 108, 0],
    ['zero-decimal currency', prices({ currency: 'JPY', monthlyMinor: 1200, yearlyMinor: 9800 }), 816, 31],
  ])('yearly: %s', (_label, input, perMonthMinor, savingPercent) => {
    const all = plansFrom(input);
    const monthly = planOf(all, 'monthly');
    const yearly = planOf(all, 'yearly');
    expect(yearly).toMatchObject({ amountMinor: input.yearlyMinor, currency: input.currency, perMonthMinor, savingPercent, interval: 'year' });
    expect(monthly).toMatchObject({ amountMinor: input.monthlyMinor, perMonthMinor: input.monthlyMinor, savingPercent: 0, interval: 'month' });
  });

  it.each([0, 14])('gives both plans the configured trial (%i days)', (trialDays) => {
    expect(plansFrom(prices({ trialDays })).map((plan) => plan.trialDays)).toEqual([trialDays, trialDays]);
  });
});

describe('minorUnitsPerMajor', () => {
  it.each([
    ['USD', 100],
    ['EUR', 100],
    ['GBP', 100],
    ['JPY', 1],
    ['jpy', 1],
    ['KRW', 1],
    ['VND', 1],
    ['CLP', 1],
    ['XOF', 1],
  ])('%s → %i', (currency, units) => {
    expect(minorUnitsPerMajor(currency)).toBe(units);
  });
});

describe('formatPrice', () => {
  it.each<[number, string, string | undefined, string]>([
    [999, 'USD', undefined, '$9.99'],
    [7999, 'USD', undefined, '$79.99'],
    [1000, 'USD', undefined, '$10.00'],
    [5, 'USD', undefined, '$0.05'],
    [0, 'USD', undefined, '$0.00'],
    [123456, 'USD', undefined, '$1,234.56'],
    [999, 'EUR', 'de-DE', '9,99\u00a0€'],
    [999, 'GBP', 'en-GB', '£9.99'],
    // Zero-decimal currencies: the amount is already in whole yen / won, no ",00" tail.
    [1200, 'JPY', undefined, '¥1,200'],
    [9800, 'JPY', 'ja-JP', '￥9,800'],
    [1200, 'jpy', undefined, '¥1,200'],
    [9900, 'KRW', undefined, '₩9,900'],
  ])('%i %s (%s) → %s', (amountMinor, currency, locale, expected) => {
    expect(formatPrice(amountMinor, currency, locale)).toBe(expected);
  });
});

describe('renewalTerms', () => {
  const [monthly, yearly] = plansFrom(DEFAULT_PLAN_PRICES) as [Plan, Plan];
  const [noTrialMonthly] = plansFrom(prices({ trialDays: 0 })) as [Plan, Plan];
  const [, yenYearly] = plansFrom(prices({ currency: 'JPY', monthlyMinor: 1200, yearlyMinor: 9800 })) as [Plan, Plan];
  const tail = ' until you cancel. Cancel any time in Settings → Billing; you keep Pro until the period you paid for ends.';

  it.each<[string, Plan, { trial: boolean; locale?: string }, string]>([
    ['monthly with a trial', monthly, { trial: true }, `Free for 7 days, then $9.99 every month${tail}`],
    ['yearly with a trial', yearly, { trial: true }, `Free for 7 days, then $79.99 every year${tail}`],
    ['monthly, trial already used', monthly, { trial: false }, `$9.99 now, then every month${tail}`],
    ['yearly, trial already used', yearly, { trial: false }, `$79.99 now, then every year${tail}`],
    ['trial asked for but the plan has none', noTrialMonthly, { trial: true }, `$9.99 now, then every month${tail}`],
    ['in yen', yenYearly, { trial: false }, `¥9,800 now, then every year${tail}`],
    ['in a locale', monthly, { trial: false, locale: 'en-GB' }, `US$9.99 now, then every month${tail}`],
  ])('%s', (_label, plan, options, expected) => {
    expect(renewalTerms(plan, options)).toBe(expected);
  });
});

describe('checkPlanPrices', () => {
  it.each<[string, PlanPrices]>([
    ['the defaults', DEFAULT_PLAN_PRICES],
    ['yearly exactly twelve months', prices({ monthlyMinor: 1000, yearlyMinor: 12000 })],
    ['no trial', prices({ trialDays: 0 })],
    ['a 90-day trial', prices({ trialDays: 90 })],
    ['a zero-decimal currency', prices({ currency: 'JPY', monthlyMinor: 1200, yearlyMinor: 9800 })],
  ])('accepts %s', (_label, input) => {
    expect(checkPlanPrices(input)).toEqual({ ok: true });
  });

  it.each<[string, Partial<PlanPrices>, RegExp]>([
    ['a lower-case currency', { currency: 'usd' }, /^BILLING_CURRENCY must be a three-letter ISO code .*\(got "usd"\)$/],
    ['a two-letter currency', { currency: 'US' }, /^BILLING_CURRENCY /],
    ['a symbol for a currency', { currency: '$' }, /^BILLING_CURRENCY /],
    ['an empty currency', { currency: '' }, /^BILLING_CURRENCY /],
    ['a free monthly plan', { monthlyMinor: 0 }, /^BILLING_PRICE_MONTHLY must be a positive whole number/],
    ['a negative monthly price', { monthlyMinor: -999 }, /^BILLING_PRICE_MONTHLY /],
    ['a fractional monthly price', { monthlyMinor: 9.99 }, /^BILLING_PRICE_MONTHLY /],
    ['a NaN monthly price', { monthlyMinor: Number.NaN }, /^BILLING_PRICE_MONTHLY /],
    ['a free yearly plan', { yearlyMinor: 0 }, /^BILLING_PRICE_YEARLY must be a positive whole number/],
    ['a fractional yearly price', { yearlyMinor: 79.99 }, /^BILLING_PRICE_YEARLY must be a positive whole number/],
    ['a yearly plan dearer than twelve months', { monthlyMinor: 1000, yearlyMinor: 12001 }, /^BILLING_PRICE_YEARLY must not cost more than twelve months/],
    ['a negative trial', { trialDays: -1 }, /^BILLING_TRIAL_DAYS must be a whole number from 0 to 90$/],
    ['a 91-day trial', { trialDays: 91 }, /^BILLING_TRIAL_DAYS /],
    ['a fractional trial', { trialDays: 1.5 }, /^BILLING_TRIAL_DAYS /],
  ])('refuses %s', (_label, overrides, message) => {
    const result = checkPlanPrices(prices(overrides));
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(message);
  });
});

describe('trialDaysFor', () => {
  it.each<[number, boolean, number]>([
    [7, false, 7],
    [7, true, 0],
    [0, false, 0],
    [0, true, 0],
    [30, false, 30],
  ])('trial of %i days, subscribed before %s → %i', (trialDays, hadSubscriptionBefore, expected) => {
    expect(trialDaysFor(prices({ trialDays }), hadSubscriptionBefore)).toBe(expected);
  });
});

import { billingDays, billingTimeZone, formatBillingDay, reminderDayFor, trialReminderDue, trialTimeline, type DatedSubscription } from './billing-dates';
import { entitlementOf, type SubscriptionRecord } from './subscription-state';

const at = (iso: string) => new Date(iso);

function subscription(overrides: Partial<SubscriptionRecord>): SubscriptionRecord {
  return {
    id: 'sub_1',
    uid: 'u1',
    customerId: 'cus_1',
    planId: 'monthly',
    status: 'active',
    currentPeriodStart: at('2026-11-08T10:00:00Z'),
    currentPeriodEnd: at('2026-12-08T10:00:00Z'),
    cancelAtPeriodEnd: false,
    trialEnd: null,
    canceledAt: null,
    endedAt: null,
    paymentFailedAt: null,
    snapshotCreated: 1,
    ...overrides,
  };
}

/** The days as the billing page reads them: through the same entitlement rule the server uses. */
function daysOf(record: SubscriptionRecord, now: string, timeZone = 'UTC') {
  return billingDays(record as DatedSubscription, entitlementOf([record], at(now), 7), timeZone);
}

describe('billingDays: one day for renewal, for "keep Pro until" and for after the cancel', () => {
  it.each([
    // The bug: renewal said Dec 8, the cancel question Dec 9 (the day of webhook leeway), after it Dec 8.
    { name: 'active, renews at the period end', record: subscription({}), chargeOn: '2026-12-08', accessEndsOn: '2026-12-08' },
    { name: 'cancelled at period end: no charge, Pro to that same day', record: subscription({ cancelAtPeriodEnd: true }), chargeOn: null, accessEndsOn: '2026-12-08' },
    { name: 'monthly from January 31 renews on the last day of February', record: subscription({ currentPeriodStart: at('2027-01-31T09:00:00Z'), currentPeriodEnd: at('2027-02-28T09:00:00Z') }), now: '2027-02-10T00:00:00Z', chargeOn: '2027-02-28', accessEndsOn: '2027-02-28' },
    { name: 'leap year: February 29', record: subscription({ currentPeriodStart: at('2028-01-31T09:00:00Z'), currentPeriodEnd: at('2028-02-29T09:00:00Z') }), now: '2028-02-10T00:00:00Z', chargeOn: '2028-02-29', accessEndsOn: '2028-02-29' },
  ])('$name', ({ record, now, chargeOn, accessEndsOn }) => {
    const days = daysOf(record, now ?? '2026-11-20T00:00:00Z');
    expect(days.chargeOn).toBe(chargeOn);
    expect(days.accessEndsOn).toBe(accessEndsOn);
  });

  it.each([
    // A period ending at 23:30 UTC is already the next day east of UTC, still that day west of it.
    { zone: 'UTC', end: '2026-12-08T23:30:00Z', day: '2026-12-08' },
    { zone: 'Europe/Berlin', end: '2026-12-08T23:30:00Z', day: '2026-12-09' },
    { zone: 'Asia/Tokyo', end: '2026-12-08T15:00:00Z', day: '2026-12-09' },
    { zone: 'Asia/Tokyo', end: '2026-12-08T14:59:59Z', day: '2026-12-08' },
    { zone: 'America/Los_Angeles', end: '2026-12-09T07:59:00Z', day: '2026-12-08' },
    { zone: 'America/Los_Angeles', end: '2026-12-09T08:00:00Z', day: '2026-12-09' },
    { zone: 'Pacific/Kiritimati', end: '2026-12-08T10:00:00Z', day: '2026-12-09' },
    { zone: 'Pacific/Pago_Pago', end: '2026-12-08T10:00:00Z', day: '2026-12-07' },
    // DST: New York springs forward on 2027-03-14 (UTC-5 → UTC-4); 04:30 UTC is still the 13th before, the 14th's 00:30 after.
    { zone: 'America/New_York', end: '2027-03-14T04:30:00Z', day: '2027-03-13' },
    { zone: 'America/New_York', end: '2027-03-15T04:30:00Z', day: '2027-03-15' },
    // Europe falls back on 2026-10-25: 22:30 UTC is 23:30 in Berlin that night (UTC+1 again), not the 26th.
    { zone: 'Europe/Berlin', end: '2026-10-25T22:30:00Z', day: '2026-10-25' },
    { zone: 'Europe/Berlin', end: '2026-10-24T22:30:00Z', day: '2026-10-25' },
    { zone: 'Not/AZone', end: '2026-12-08T23:30:00Z', day: '2026-12-08' },
  ])('the day in $zone for a period ending $end is $day, on every screen', ({ zone, end, day }) => {
    const record = subscription({ currentPeriodStart: at('2026-10-01T00:00:00Z'), currentPeriodEnd: at(end) });
    const active = daysOf(record, '2026-10-02T00:00:00Z', zone);
    const cancelled = daysOf({ ...record, cancelAtPeriodEnd: true }, '2026-10-02T00:00:00Z', zone);
    expect([active.chargeOn, active.accessEndsOn, cancelled.accessEndsOn]).toEqual([day, day, day]);
  });

  it('a trial: first charge at its end, the reminder three days before, Pro to its end if cancelled', () => {
    const record = subscription({ status: 'trialing', currentPeriodStart: at('2026-12-01T18:00:00Z'), currentPeriodEnd: at('2026-12-08T18:00:00Z'), trialEnd: at('2026-12-08T18:00:00Z') });
    expect(daysOf(record, '2026-12-02T00:00:00Z')).toEqual({ chargeOn: '2026-12-08', accessEndsOn: '2026-12-08', trialEndsOn: '2026-12-08', reminderOn: '2026-12-05', endedOn: null });
    expect(daysOf({ ...record, cancelAtPeriodEnd: true }, '2026-12-02T00:00:00Z')).toEqual({ chargeOn: null, accessEndsOn: '2026-12-08', trialEndsOn: '2026-12-08', reminderOn: null, endedOn: null });
  });

  it('grace: Pro to the grace end, no charge date; ended: the day it ended; never subscribed: nothing', () => {
    const grace = subscription({ status: 'past_due', paymentFailedAt: at('2026-12-08T10:00:00Z'), currentPeriodStart: at('2026-12-08T10:00:00Z'), currentPeriodEnd: at('2027-01-08T10:00:00Z') });
    expect(daysOf(grace, '2026-12-09T00:00:00Z')).toMatchObject({ chargeOn: null, accessEndsOn: '2026-12-15' });
    const ended = subscription({ status: 'canceled', endedAt: at('2026-12-03T23:30:00Z') });
    expect(daysOf(ended, '2026-12-09T00:00:00Z', 'Asia/Tokyo').endedOn).toBe('2026-12-04');
    expect(billingDays(null, { state: 'free', until: null }, 'UTC').chargeOn).toBeNull();
  });
});

describe('trialTimeline and the reminder day', () => {
  it.each([
    { name: '7-day trial', start: '2026-12-01T10:00:00Z', end: '2026-12-08T10:00:00Z', zone: 'UTC', expected: { startsOn: '2026-12-01', reminderOn: '2026-12-05', firstChargeOn: '2026-12-08' } },
    { name: 'across a month end', start: '2026-11-28T10:00:00Z', end: '2026-12-05T10:00:00Z', zone: 'UTC', expected: { startsOn: '2026-11-28', reminderOn: '2026-12-02', firstChargeOn: '2026-12-05' } },
    { name: 'across February (not a leap year)', start: '2027-02-24T10:00:00Z', end: '2027-03-03T10:00:00Z', zone: 'UTC', expected: { startsOn: '2027-02-24', reminderOn: '2027-02-28', firstChargeOn: '2027-03-03' } },
    { name: 'across February (leap year)', start: '2028-02-25T10:00:00Z', end: '2028-03-03T10:00:00Z', zone: 'UTC', expected: { startsOn: '2028-02-25', reminderOn: '2028-02-29', firstChargeOn: '2028-03-03' } },
    { name: 'started late evening in Los Angeles (next day in UTC)', start: '2026-12-02T06:30:00Z', end: '2026-12-09T06:30:00Z', zone: 'America/Los_Angeles', expected: { startsOn: '2026-12-01', reminderOn: '2026-12-05', firstChargeOn: '2026-12-08' } },
    { name: 'over a DST change (Berlin, 2027-03-28): 7×24 h later is already April 2 there', start: '2027-03-25T22:30:00Z', end: '2027-04-01T22:30:00Z', zone: 'Europe/Berlin', expected: { startsOn: '2027-03-25', reminderOn: '2027-03-30', firstChargeOn: '2027-04-02' } },
    { name: 'a 2-day trial: the reminder on its first day', start: '2026-12-01T10:00:00Z', end: '2026-12-03T10:00:00Z', zone: 'UTC', expected: { startsOn: '2026-12-01', reminderOn: '2026-12-01', firstChargeOn: '2026-12-03' } },
  ])('$name', ({ start, end, zone, expected }) => {
    expect(trialTimeline(at(start), at(end), zone)).toEqual({ ...expected, reminderDays: 3 });
  });

  it('the reminder day never comes before the start', () => {
    expect(reminderDayFor('2026-12-01', '2026-12-02', 3)).toBe('2026-12-01');
    expect(reminderDayFor('2026-12-01', '2026-12-31', 3)).toBe('2026-12-28');
  });

  it.each([
    { now: '2026-12-04T23:59:00Z', zone: 'UTC', due: false },
    { now: '2026-12-05T00:00:00Z', zone: 'UTC', due: true },
    // 2026-12-04 at 15:00 UTC is already the 5th in Tokyo: due there, not yet in London.
    { now: '2026-12-04T15:00:00Z', zone: 'Asia/Tokyo', due: true },
    { now: '2026-12-04T15:00:00Z', zone: 'Europe/London', due: false },
    { now: '2026-12-08T09:59:00Z', zone: 'UTC', due: true },
    { now: '2026-12-08T10:00:00Z', zone: 'UTC', due: false },
  ])('trialReminderDue at $now in $zone: $due', ({ now, zone, due }) => {
    expect(trialReminderDue('2026-12-05', at('2026-12-08T10:00:00Z'), at(now), zone)).toBe(due);
  });
});

describe('formatBillingDay', () => {
  it.each([
    { day: '2026-12-08', style: 'long' as const, text: 'December 8, 2026' },
    { day: '2026-12-08', style: 'short' as const, text: 'Dec 8, 2026' },
    { day: '2028-02-29', style: 'long' as const, text: 'February 29, 2028' },
    { day: '2026-01-01', style: 'long' as const, text: 'January 1, 2026' },
    { day: 'not a day', style: 'long' as const, text: '—' },
  ])('$day ($style) reads "$text" whatever the runtime zone', ({ day, style, text }) => {
    expect(formatBillingDay(day, style)).toBe(text);
  });

  it('an unknown stored zone counts as UTC', () => {
    expect(billingTimeZone('Mars/Olympus')).toBe('UTC');
    expect(billingTimeZone(null)).toBe('UTC');
    expect(billingTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

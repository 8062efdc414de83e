import { act, fireEvent, screen } from '@testing-library/react';
import type { CheckoutStatus } from '@/domain/billing/billing-dto';
import { YEARLY, answer, callsTo, json, renderWithQueries } from '../testing/billing-test-kit';
import { CHECKOUT_PATIENCE_MS } from '../api/billing-queries';
import PurchaseSuccessfulView from './purchase-successful-view';

const mockFetch = jest.fn();
jest.mock('@/features/auth', () => jest.requireActual('../testing/billing-test-kit').fakeAuthFeature((...args: unknown[]) => mockFetch(...args)));
jest.mock('@/features/progress', () => jest.requireActual('../testing/billing-test-kit').fakeProgressFeature());
jest.mock('next/router', () => jest.requireActual('../testing/billing-test-kit').fakeRouter());

const STATUS = 'GET /api/v1/billing/checkout/cs_1';
const status = (overrides: Partial<CheckoutStatus>): CheckoutStatus => ({ checkoutId: 'cs_1', planId: 'yearly', flow: 'web', status: 'complete', pro: false, continueUrl: '/web/python/section/2', ...overrides });

/** Answers the status poll with each of `answers` in turn, then the last one for ever. */
function statusAnswers(...answers: CheckoutStatus[]) {
  let call = 0;
  answer(mockFetch, { [STATUS]: () => json(answers[Math.min(call++, answers.length - 1)]) });
}

/** Lets `ms` pass, and 50 ms more for the answers then on their way to arrive and show. */
const elapse = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms + 50));
const renderCheckout = () => renderWithQueries(<PurchaseSuccessfulView kind="checkout" checkoutId="cs_1" plan={YEARLY} flow="web" trial={null} />);
const TRIAL = { startsOn: '2026-12-01', reminderOn: '2026-12-05', firstChargeOn: '2026-12-08', reminderDays: 3, priceMinor: 7999, currency: 'USD' };

describe('PurchaseSuccessfulView', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockFetch.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  it('waits visibly (role=status) while the payment is confirmed, and offers Continue only once the learner is Pro', async () => {
    statusAnswers(status({ status: 'open' }), status({ pro: false }), status({ pro: true }));
    renderCheckout();
    await elapse(0);
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your payment…');
    expect(screen.getByText(/Codetrail Pro Yearly, \$79\.99 a year/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();

    // Paid, but the webhook has not made the learner Pro yet: still waiting.
    await elapse(1000);
    expect(callsTo(mockFetch, STATUS)).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your payment…');
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();

    await elapse(1000);
    expect(callsTo(mockFetch, STATUS)).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Codetrail Pro');
    expect(screen.getByRole('status')).toHaveTextContent('Pro is open to you');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/web/python/section/2');

    // Pro is there: it stops asking.
    const asked = callsTo(mockFetch, STATUS).length;
    await elapse(5000);
    expect(callsTo(mockFetch, STATUS)).toHaveLength(asked);
  });

  it('says when the payment did not go through and leads back to the plans', async () => {
    statusAnswers(status({ status: 'expired' }));
    renderCheckout();
    await elapse(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The payment did not go through');
    expect(screen.getByRole('link', { name: 'Choose a plan again' })).toHaveAttribute('href', '/web/subscribe');
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
  });

  it('gives up politely after a minute and lets the learner check again', async () => {
    statusAnswers(status({ pro: false }));
    renderCheckout();
    await elapse(CHECKOUT_PATIENCE_MS);
    expect(screen.getByRole('status')).toHaveTextContent('This is taking longer than usual');
    const asked = callsTo(mockFetch, STATUS).length;
    await elapse(10_000);
    expect(callsTo(mockFetch, STATUS)).toHaveLength(asked);

    statusAnswers(status({ pro: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await elapse(0);
    expect(screen.getByRole('link', { name: 'Continue' })).toBeInTheDocument();
  });

  it('a free trial says it has started and nothing was paid, with its timeline: today $0, the reminder, the first charge', async () => {
    statusAnswers(status({ pro: true }));
    renderWithQueries(<PurchaseSuccessfulView kind="checkout" checkoutId="cs_1" plan={YEARLY} flow="web" trial={TRIAL} />);
    await elapse(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your free trial has started');
    expect(screen.getByText('Your plan: Codetrail Pro Yearly, free until December 8, 2026, then $79.99 a year. No payment was taken today.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No payment was taken.');
    expect(document.body).not.toHaveTextContent(/payment is confirmed/i);
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([
      'Today, December 1, 2026Your free trial starts. $0.00 today.',
      'December 5, 2026We remind you in the app that your first charge is 3 days away.',
      'December 8, 2026Your first charge: $79.99, unless you cancel before then in Settings → Billing.',
    ]);
    expect(screen.getByRole('link', { name: 'Continue' })).toBeInTheDocument();
  });

  it('explains an unknown checkout and links to the billing settings', () => {
    renderWithQueries(<PurchaseSuccessfulView kind="unknown-checkout" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We could not find that purchase');
    expect(screen.getByRole('link', { name: 'Go to Settings → Billing' })).toHaveAttribute('href', '/web/settings#billing');
  });
});

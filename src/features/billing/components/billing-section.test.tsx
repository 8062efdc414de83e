import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activeYearly, answer, callsTo, entitlement, json, overview, payment, recordNavigation, renderWithQueries } from '../testing/billing-test-kit';
import { BillingSection } from './billing-section';

const mockFetch = jest.fn();
jest.mock('@/features/auth', () => jest.requireActual('../testing/billing-test-kit').fakeAuthFeature((...args: unknown[]) => mockFetch(...args)));

const OVERVIEW = 'GET /api/v1/billing';
const RENEWS = '2027-11-02T10:00:00.000Z';
/** The day the server decided for the renewal, for "keep Pro until" and for after the cancel. */
const RENEWS_ON = 'November 2, 2027';

const cancelling = () =>
  activeYearly({
    entitlement: entitlement({ pro: true, state: 'cancelling', until: RENEWS, planId: 'yearly', renewsAt: null }),
    subscription: { id: 'sub_1', planId: 'yearly', status: 'active', currentPeriodEnd: RENEWS, cancelAtPeriodEnd: true, endedAt: null },
    days: { chargeOn: null, accessEndsOn: '2027-11-02', trialEndsOn: null, reminderOn: null, endedOn: null },
  });

async function renderSection() {
  renderWithQueries(<BillingSection />);
  await waitFor(() => expect(screen.queryByText('Loading your plan…')).toBeNull());
}

describe('BillingSection', () => {
  beforeEach(() => mockFetch.mockReset());

  it('is the #billing section of the settings page, and shows a free learner the way to Pro', async () => {
    answer(mockFetch, { [OVERVIEW]: () => json(overview()) });
    await renderSection();
    const section = screen.getByRole('region', { name: 'Billing' });
    expect(section).toHaveAttribute('id', 'billing');
    expect(within(section).getByText('Free plan')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See Pro plans' })).toHaveAttribute('href', '/web/subscribe?redirectUrl=%2Fweb%2Fsettings&trackingReferer=settings');
    expect(within(section).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('shows the plan, its price and renewal date, and the receipts', async () => {
    answer(mockFetch, { [OVERVIEW]: () => json(activeYearly({ payments: [payment(), payment({ id: 'pay_0', status: 'refunded', refundable: false, refundNote: null, refundedAt: '2026-10-03T10:00:00.000Z', number: 'CT-0000', receiptUrl: 'https://pay.stripe.test/receipt/0' })] })) });
    await renderSection();
    expect(screen.getByText('Codetrail Pro Yearly')).toBeInTheDocument();
    expect(screen.getByText(`$79.99 a year. Renews on ${RENEWS_ON}.`)).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Period', 'Amount', 'Status', 'Receipt', 'Refund']);
    const [, paid, refunded] = within(table).getAllByRole('row') as HTMLElement[];
    expect(paid).toHaveTextContent('Nov 2, 2026');
    expect(paid).toHaveTextContent('$79.99');
    expect(paid).toHaveTextContent('CT-0001');
    expect(within(refunded as HTMLElement).getByRole('link', { name: /CT-0000/ })).toHaveAttribute('href', 'https://pay.stripe.test/receipt/0');
    expect(refunded).toHaveTextContent('Refunded');
  });

  it('asks before cancelling, says what happens, and then offers to keep the subscription', async () => {
    // As the server sends it: Pro's `until` carries a day of leeway for a late renewal; no screen may show it.
    const active = activeYearly({ entitlement: entitlement({ pro: true, state: 'active', until: '2027-11-03T10:00:00.000Z', planId: 'yearly', renewsAt: RENEWS }) });
    answer(mockFetch, { [OVERVIEW]: () => json(active), 'POST /api/v1/billing/subscription/cancel': () => json(cancelling()) });
    await renderSection();
    expect(screen.getByText(`$79.99 a year. Renews on ${RENEWS_ON}.`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const question = screen.getByRole('group', { name: /Cancel your subscription\?/ });
    expect(question).toHaveTextContent(`You keep Pro until ${RENEWS_ON}. Nothing more is charged.`);
    expect(callsTo(mockFetch, 'POST /api/v1/billing/subscription/cancel')).toHaveLength(0);

    fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: /Cancel your subscription\?/ })).toBeNull();
    expect(callsTo(mockFetch, 'POST /api/v1/billing/subscription/cancel')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(screen.getByRole('group', { name: /Cancel your subscription\?/ })).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText(`Pro until ${RENEWS_ON}, then it stops.`)).toBeInTheDocument();
    expect(screen.getByText(`Your subscription is cancelled. You keep Pro until ${RENEWS_ON}. Nothing more is charged.`)).toBeInTheDocument();
    expect(callsTo(mockFetch, 'POST /api/v1/billing/subscription/cancel')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Keep my subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('a trial says when it first charges and the day of the reminder', async () => {
    answer(mockFetch, {
      [OVERVIEW]: () =>
        json(
          activeYearly({
            entitlement: entitlement({ pro: true, state: 'trialing', until: '2026-12-09T18:00:00.000Z', planId: 'yearly', renewsAt: '2026-12-08T18:00:00.000Z' }),
            days: { chargeOn: '2026-12-08', accessEndsOn: '2026-12-08', trialEndsOn: '2026-12-08', reminderOn: '2026-12-05', endedOn: null },
            payments: [],
          }),
        ),
    });
    await renderSection();
    expect(screen.getByText('Free trial')).toBeInTheDocument();
    expect(screen.getByText('$79.99 a year after the trial. First charge on December 8, 2026; we remind you on December 5, 2026.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(screen.getByRole('group', { name: /Cancel your subscription\?/ })).toHaveTextContent('You keep Pro until December 8, 2026. Nothing more is charged.');
  });

  it('keeps a cancelled subscription going on request', async () => {
    answer(mockFetch, { [OVERVIEW]: () => json(cancelling()), 'POST /api/v1/billing/subscription/resume': () => json(activeYearly()) });
    await renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my subscription' }));
    expect(await screen.findByText(`$79.99 a year. Renews on ${RENEWS_ON}.`)).toBeInTheDocument();
    expect(screen.getByText(/Your subscription continues/)).toBeInTheDocument();
  });

  it('asks before refunding ("Pro ends now") and shows why a payment cannot be refunded', async () => {
    const refunded = overview({
      entitlement: entitlement({ state: 'ended' }),
      subscription: { id: 'sub_1', planId: 'yearly', status: 'canceled', currentPeriodEnd: RENEWS, cancelAtPeriodEnd: false, endedAt: '2026-11-05T10:00:00.000Z' },
      days: { chargeOn: null, accessEndsOn: null, trialEndsOn: null, reminderOn: null, endedOn: '2026-11-05' },
      payments: [payment({ status: 'refunded', refundable: false, refundedAt: '2026-11-05T10:00:00.000Z', refundedOn: '2026-11-05' })],
    });
    answer(mockFetch, {
      [OVERVIEW]: () => json(activeYearly({ payments: [payment(), payment({ id: 'pay_old', refundable: false, refundNote: 'Refunds are possible within 14 days of a payment.' })] })),
      'POST /api/v1/billing/payments/pay_1/refund': () => json(refunded),
    });
    await renderSection();
    expect(screen.getByText('Refunds are possible within 14 days of a payment.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Refund/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Refund \$79\.99 paid on/ }));
    const question = screen.getByRole('group', { name: 'Refund $79.99? Pro ends now.' });
    expect(callsTo(mockFetch, 'POST /api/v1/billing/payments/pay_1/refund')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Refund $79.99' }));
    expect(await screen.findByText(/Refunded \$79\.99\./)).toBeInTheDocument();
    expect(callsTo(mockFetch, 'POST /api/v1/billing/payments/pay_1/refund')).toHaveLength(1);
    expect(screen.getByText('Free plan')).toBeInTheDocument();
    // It ended with the refund, not at the end of the period it had paid for.
    expect(screen.getByText(`Your Pro plan ended on November 5, 2026.`)).toBeInTheDocument();
  });

  it('shows a payment problem and the way to fix the card', async () => {
    const assign = recordNavigation();
    answer(mockFetch, {
      [OVERVIEW]: () => json(activeYearly({ provider: 'stripe', portal: true, entitlement: entitlement({ pro: true, state: 'grace', until: RENEWS, planId: 'yearly', renewsAt: RENEWS, notice: 'Your last payment failed. Update your card by 9 November to keep Pro.' }) })),
      'POST /api/v1/billing/portal': () => json({ url: 'https://billing.stripe.test/session/1' }),
    });
    await renderSection();
    expect(screen.getByText('Your last payment failed. Update your card by 9 November to keep Pro.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Manage payment method' }));
    await screen.findByRole('button', { name: 'Manage payment method', busy: true });
    expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/session/1');
  });

  it('says when the plan cannot be loaded and lets the learner try again', async () => {
    answer(mockFetch, { [OVERVIEW]: () => json({ message: 'The database is starting.' }, 503, 'Service Unavailable') });
    renderWithQueries(<BillingSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch your plan. The database is starting.');
    answer(mockFetch, { [OVERVIEW]: () => json(overview()) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Free plan')).toBeInTheDocument();
  });
});

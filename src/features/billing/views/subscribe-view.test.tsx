import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SubscribePageProps } from '@/lib/billing/billing-page-props';
import { PLANS, answer, callsTo, entitlement, json, recordNavigation, renderWithQueries } from '../testing/billing-test-kit';
import SubscribeView, { TEST_MODE_NOTE } from './subscribe-view';

const mockFetch = jest.fn();
jest.mock('@/features/auth', () => jest.requireActual('../testing/billing-test-kit').fakeAuthFeature((...args: unknown[]) => mockFetch(...args)));
jest.mock('@/features/progress', () => jest.requireActual('../testing/billing-test-kit').fakeProgressFeature());
jest.mock('next/router', () => jest.requireActual('../testing/billing-test-kit').fakeRouter());

const props: SubscribePageProps = {
  flow: 'web',
  provider: 'stripe',
  entitlement: entitlement(),
  redirectUrl: '/web/python/section/2',
  trackingReferer: 'section',
  continueUrl: '/web/python/section/2',
  plans: PLANS,
  trialDays: 7,
  benefits: [],
  refundWindowDays: 14,
};

const radio = (name: RegExp) => screen.getByRole('radio', { name });
const subscribeButton = () => screen.getByRole('button', { name: /Subscribe|Opening the checkout/ });

describe('SubscribeView', () => {
  let assign: jest.Mock;
  beforeEach(() => {
    mockFetch.mockReset();
    assign = recordNavigation();
  });

  it('offers the plans as a labelled radio group with yearly picked, and the chosen plan’s terms', () => {
    renderWithQueries(<SubscribeView {...props} />);
    expect(screen.getByRole('group', { name: 'Your plan' })).toBeInTheDocument();
    expect(radio(/Yearly/)).toBeChecked();
    expect(radio(/Yearly/).closest('label')).toHaveTextContent('Save 33%');
    expect(screen.getByText(/until you cancel/)).toHaveTextContent('Free for 7 days, then $79.99 every year until you cancel.');
    fireEvent.click(radio(/Monthly/));
    expect(radio(/Monthly/)).toBeChecked();
    expect(screen.getByText(/until you cancel/)).toHaveTextContent('Free for 7 days, then $9.99 every month until you cancel.');
    expect(screen.queryByText(TEST_MODE_NOTE)).toBeNull();
  });

  it('starts the checkout with the chosen plan, the flow and where to come back, then leaves for it', async () => {
    answer(mockFetch, { 'POST /api/v1/billing/checkout': () => json({ checkoutId: 'cs_1', url: 'https://checkout.stripe.test/cs_1' }) });
    renderWithQueries(<SubscribeView {...props} />);
    fireEvent.click(radio(/Monthly/));
    fireEvent.click(subscribeButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(callsTo(mockFetch, 'POST /api/v1/billing/checkout')).toEqual([{ plan: 'monthly', flow: 'web', redirectUrl: '/web/python/section/2', trackingReferer: 'section' }]);
    expect(subscribeButton()).toHaveAttribute('aria-busy', 'true');
  });

  it('shows why the checkout could not start and keeps the learner’s choice', async () => {
    answer(mockFetch, { 'POST /api/v1/billing/checkout': () => json({ message: 'Payments are paused for a moment. Try again in a minute.' }, 503, 'Service Unavailable') });
    renderWithQueries(<SubscribeView {...props} />);
    fireEvent.click(radio(/Monthly/));
    fireEvent.click(subscribeButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not start the checkout. Payments are paused for a moment. Try again in a minute.');
    expect(radio(/Monthly/)).toBeChecked();
    expect(subscribeButton()).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says when payments are in test mode, and shows a payment problem', () => {
    renderWithQueries(<SubscribeView {...props} provider="local" entitlement={entitlement({ state: 'lapsed', notice: 'Your last payment failed. Update your card to get Pro back.' })} />);
    expect(screen.getByText(TEST_MODE_NOTE)).toBeInTheDocument();
    expect(screen.getByText('Your last payment failed. Update your card to get Pro back.')).toBeInTheDocument();
  });

  it('tells a learner from the app that they finish there', () => {
    renderWithQueries(<SubscribeView {...props} flow="web2app" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Choose your plan, then finish in the app');
  });

  it('sells nothing to a learner who already has Pro', () => {
    renderWithQueries(<SubscribeView {...props} entitlement={entitlement({ pro: true, state: 'active', planId: 'yearly' })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'You already have Codetrail Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', props.continueUrl);
    expect(screen.getByRole('link', { name: 'Settings → Billing' })).toHaveAttribute('href', '/web/settings#billing');
  });
});

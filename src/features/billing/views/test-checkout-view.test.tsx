import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TestCheckout } from '@/domain/billing/billing-dto';
import { YEARLY, answer, callsTo, json, recordNavigation, renderWithQueries } from '../testing/billing-test-kit';
import TestCheckoutView, { TEST_MODE_BANNER } from './test-checkout-view';

const mockFetch = jest.fn();
jest.mock('@/features/auth', () => jest.requireActual('../testing/billing-test-kit').fakeAuthFeature((...args: unknown[]) => mockFetch(...args)));
jest.mock('@/features/progress', () => jest.requireActual('../testing/billing-test-kit').fakeProgressFeature());
jest.mock('next/router', () => jest.requireActual('../testing/billing-test-kit').fakeRouter());

const PAY = 'POST /api/v1/billing/test-checkout/cs_local_1';
const checkout = (overrides: Partial<TestCheckout> = {}): TestCheckout => ({
  checkoutId: 'cs_local_1',
  plan: YEARLY,
  trialDays: 0,
  status: 'open',
  cancelUrl: '/web/subscribe?redirectUrl=%2Fweb%2Fbuild',
  email: 'ada@example.com',
  ...overrides,
});

describe('TestCheckoutView', () => {
  let assign: jest.Mock;
  beforeEach(() => {
    mockFetch.mockReset();
    assign = recordNavigation();
  });

  it('says plainly that it is a test, and shows the plan, price, terms, email and the three test cards', () => {
    renderWithQueries(<TestCheckoutView kind="checkout" checkout={checkout()} />);
    expect(screen.getByText(TEST_MODE_BANNER)).toBeInTheDocument();
    expect(screen.getByText(/Yearly/, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('$79.99 now, then every year until you cancel.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Paying as ada@example.com')).toBeInTheDocument();
    const cards = screen.getAllByRole('radio');
    expect(cards.map((card) => card.closest('label')?.textContent)).toEqual([
      '4242 4242 4242 4242 — pays now and at every renewal',
      '4000 0000 0000 0341 — pays now, fails at the next renewal',
      '4000 0000 0000 0002 — declined',
    ]);
    expect(screen.getByRole('group', { name: 'Test card' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /4242/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $79.99' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/web/subscribe?redirectUrl=%2Fweb%2Fbuild');
  });

  it('starts a trial rather than paying when there is one', () => {
    renderWithQueries(<TestCheckoutView kind="checkout" checkout={checkout({ trialDays: 7 })} />);
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    expect(screen.getByText('Free for 7 days')).toBeInTheDocument();
  });

  it('pays with the chosen card and follows the server’s redirect', async () => {
    answer(mockFetch, { [PAY]: () => json({ redirect: '/web/purchase-successful?checkout=cs_local_1' }) });
    renderWithQueries(<TestCheckoutView kind="checkout" checkout={checkout()} />);
    fireEvent.click(screen.getByRole('radio', { name: /0341/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay $79.99' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/web/purchase-successful?checkout=cs_local_1'));
    expect(callsTo(mockFetch, PAY)).toEqual([{ card: 'fails-at-renewal' }]);
  });

  it('shows a declined card’s error from the server and stays on the page', async () => {
    answer(mockFetch, { [PAY]: () => json({ message: 'Your card was declined. Nothing was charged.' }, 402, 'Payment Required') });
    renderWithQueries(<TestCheckoutView kind="checkout" checkout={checkout()} />);
    fireEvent.click(screen.getByRole('radio', { name: /0002/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay $79.99' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. Nothing was charged.');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: /0002/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $79.99' })).toBeEnabled();
  });

  it('does not offer to pay a closed checkout', () => {
    const { unmount } = renderWithQueries(<TestCheckoutView kind="checkout" checkout={checkout({ status: 'complete' })} />);
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your purchase' })).toHaveAttribute('href', '/web/purchase-successful?checkout=cs_local_1');
    unmount();
    renderWithQueries(<TestCheckoutView kind="checkout" checkout={checkout({ status: 'expired' })} />);
    expect(screen.getByText(/has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan again' })).toHaveAttribute('href', '/web/subscribe');
  });

  it('explains a checkout this server does not know', () => {
    renderWithQueries(<TestCheckoutView kind="unknown-checkout" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('There is no such checkout');
    expect(screen.getByText(TEST_MODE_BANNER)).toBeInTheDocument();
  });
});

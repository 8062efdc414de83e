import { screen, within } from '@testing-library/react';
import { renewalTerms } from '@/domain/billing/plans';
import type { ProPageProps } from '@/lib/billing/billing-page-props';
import { PLANS, renderWithQueries } from '../testing/billing-test-kit';
import PaywallView, { pathOrderLine } from './paywall-view';

const mockFetch = jest.fn();
jest.mock('@/features/auth', () => jest.requireActual('../testing/billing-test-kit').fakeAuthFeature((...args: unknown[]) => mockFetch(...args)));
jest.mock('@/features/progress', () => jest.requireActual('../testing/billing-test-kit').fakeProgressFeature());
jest.mock('next/router', () => jest.requireActual('../testing/billing-test-kit').fakeRouter());

const props: ProPageProps = {
  reason: 'This section is part of Codetrail Pro. The first section of every track is free; Pro opens the rest, guided projects included.',
  subscribeUrl: '/web/subscribe?redirectUrl=%2Fweb%2Fpython%2Fsection%2F2&trackingReferer=section',
  notNowUrl: '/web/python/section/0',
  pro: false,
  continueUrl: '/web/python/section/2',
  plans: PLANS,
  trialDays: 7,
  benefits: ['Every section of every track, not just the first', 'Machines: your own Linux computer in the browser'],
  refundWindowDays: 14,
  destination: null,
};

describe('PaywallView', () => {
  it('says why the learner is here and what Pro gives, in one h1 page', () => {
    renderWithQueries(<PaywallView {...props} />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(props.reason as string)).toBeInTheDocument();
    const benefits = within(screen.getByRole('region', { name: 'What Pro gives you' })).getAllByRole('listitem');
    expect(benefits.map((item) => item.textContent)).toEqual(props.benefits);
  });

  it('shows both plans with price, per month, the yearly saving, the trial and the honest terms', () => {
    renderWithQueries(<PaywallView {...props} />);
    const plans = within(screen.getByRole('region', { name: 'Plans' })).getAllByRole('listitem');
    expect(plans).toHaveLength(2);
    const [monthly, yearly] = plans as [HTMLElement, HTMLElement];
    expect(monthly).toHaveTextContent('$9.99 a month');
    expect(monthly).not.toHaveTextContent(/Save/);
    expect(yearly).toHaveTextContent('$79.99 a year');
    expect(yearly).toHaveTextContent('$6.66 a month, billed yearly');
    expect(yearly).toHaveTextContent('Save 33%');
    expect(yearly).toHaveTextContent(renewalTerms(PLANS[1]!, { trial: true }));
    expect(monthly).toHaveTextContent('Free for 7 days, then $9.99 every month until you cancel.');
    expect(screen.getByText(/Try Pro free for 7 days/)).toBeInTheDocument();
    expect(screen.getByText(/How to cancel: any time in Settings → Billing/)).toHaveTextContent('within 14 days');
  });

  it('leads on to the plans, or back where the learner was', () => {
    renderWithQueries(<PaywallView {...props} />);
    expect(screen.getByRole('link', { name: 'See plans and subscribe' })).toHaveAttribute('href', props.subscribeUrl);
    expect(screen.getByRole('link', { name: 'Not now' })).toHaveAttribute('href', props.notNowUrl);
  });

  it('leaves the trial out when this learner gets none', () => {
    renderWithQueries(<PaywallView {...props} trialDays={0} />);
    expect(screen.queryByText(/free for/i)).toBeNull();
    expect(screen.getAllByText(/now, then/)).toHaveLength(2);
  });

  it('offers to go on when the learner already has Pro', () => {
    renderWithQueries(<PaywallView {...props} pro />);
    expect(screen.getByRole('heading', { level: 1, name: 'You already have Pro' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', props.continueUrl);
    expect(screen.queryByRole('link', { name: 'See plans and subscribe' })).toBeNull();
  });
});

describe('the path order on the paywall (the lock first, then Pro)', () => {
  it.each([
    ['opened directly', null, /^Pro opens every course and project; chapters still open in order/],
    ['from a lesson the path has reached', { lessonTitle: 'Defining functions', lockedUntil: null }, /^After you subscribe you go straight back to “Defining functions”\. Pro opens/],
    ['from a lesson the path has not reached', { lessonTitle: 'Defining functions', lockedUntil: 'First steps' }, /^“Defining functions” opens after you finish “First steps”, with Pro or without\. Pro opens/],
  ])('%s', (_case, destination, expected) => {
    expect(pathOrderLine(destination)).toMatch(expected);
  });

  it('is said on the page, beside what Pro gives', () => {
    renderWithQueries(<PaywallView {...props} destination={{ lessonTitle: 'Defining functions', lockedUntil: null }} />);
    expect(within(screen.getByRole('region', { name: 'What Pro gives you' })).getByTestId('paywall-path-order')).toHaveTextContent('After you subscribe you go straight back to “Defining functions”.');
  });
});

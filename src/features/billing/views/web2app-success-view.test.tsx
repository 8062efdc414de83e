import { screen } from '@testing-library/react';
import { renderWithQueries } from '../testing/billing-test-kit';
import Web2appSuccessView from './web2app-success-view';

const mockFetch = jest.fn();
jest.mock('@/features/auth', () => jest.requireActual('../testing/billing-test-kit').fakeAuthFeature((...args: unknown[]) => mockFetch(...args)));
jest.mock('next/router', () => jest.requireActual('../testing/billing-test-kit').fakeRouter());

const APP_LINK = 'codetrail://subscription/success?plan=yearly';

describe('Web2appSuccessView', () => {
  it('sends the learner back to the app by the link the server checked, as a plain anchor', () => {
    renderWithQueries(<Web2appSuccessView appLink={APP_LINK} pro planName="Yearly" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("You're all set");
    expect(screen.getByText('Your Codetrail Pro Yearly plan is active.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Codetrail app' })).toHaveAttribute('href', APP_LINK);
    expect(screen.getByRole('link', { name: 'Keep learning on the web' })).toHaveAttribute('href', '/web/redirect-to-active-section');
  });

  it('says the purchase is still being confirmed when Pro has not arrived yet', () => {
    renderWithQueries(<Web2appSuccessView appLink={APP_LINK} pro={false} planName={null} />);
    expect(screen.getByText('We are still confirming your purchase. It will appear in the app shortly.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Codetrail app' })).toHaveAttribute('href', APP_LINK);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { landmarkNames, repeatedLandmarkNames } from '@/ui/testing/landmark-names';
import { activeYearly, answer, json, payment, renderWithQueries } from '../testing/billing-test-kit';
import { BillingSection } from './billing-section';

const mockFetch = jest.fn();
jest.mock('@/features/auth', () => jest.requireActual('../testing/billing-test-kit').fakeAuthFeature((...args: unknown[]) => mockFetch(...args)));

describe('the receipts landmarks', () => {
  it('give the receipts section and its scrolling table different names (axe landmark-unique)', async () => {
    answer(mockFetch, { 'GET /api/v1/billing': () => json(activeYearly({ payments: [payment()] })) });
    const { container } = renderWithQueries(<BillingSection />);
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
    expect(landmarkNames(container).region).toEqual(['Billing', 'Receipts', 'Receipts table']);
    expect(repeatedLandmarkNames(container)).toEqual([]);
  });
});

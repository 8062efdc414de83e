import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { BillingOverview, EntitlementDto, PaymentDto, PlanDto } from '@/domain/billing/billing-dto';
import { DEFAULT_PLAN_PRICES, plansFrom } from '@/domain/billing/plans';
import { createApiClient } from '@/lib/api-client/api-client';

/**
 * For billing's component tests only. The views run against the real API client and endpoint
 * schemas; the tests replace `fetch` under them (the boundary) and the signed-in user above them.
 *
 *   const mockFetch = jest.fn();
 *   jest.mock('@/features/auth', () => jest.requireActual('../testing/billing-test-kit').fakeAuthFeature((...args) => mockFetch(...args)));
 *
 * (The arrow reads mockFetch when a request is made: the factory itself runs before the test's
 * own lines do.)
 */

export const PLANS: PlanDto[] = plansFrom(DEFAULT_PLAN_PRICES);
export const MONTHLY = PLANS[0] as PlanDto;
export const YEARLY = PLANS[1] as PlanDto;

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** What the auth feature's entry gives billing: a signed-in learner, an API client over `fetchLike`, pass-through shells. */
export function fakeAuthFeature(fetchLike: FetchLike) {
  const client = createApiClient({ baseUrl: '/api/v1', getToken: async () => 'token', fetch: fetchLike as typeof fetch });
  const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', roles: [], isCourseEngineer: false, clientInitialized: true, needClient: () => undefined, getIdToken: async () => 'token', signOut: async () => undefined };
  const PassThrough = ({ children }: { children: ReactNode }) => <>{children}</>;
  return { useAuthUser: () => user, useApiClient: () => client, SignedInShell: PassThrough, AuthGate: PassThrough, LazySignUpOrIn: () => null };
}

/** The habit stats in the app header are progress's business. */
export const fakeProgressFeature = () => ({ LazyHeaderStats: () => null });

export const fakeRouter = () => ({ useRouter: () => ({ asPath: '/web/pro', pathname: '/web/pro', query: {}, push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(async () => undefined) }) });

/** A JSON answer: the part of Response the API client reads (jsdom has no Response of its own). */
export function json(body: unknown, status = 200, statusText = 'OK'): Response {
  const text = JSON.stringify(body);
  // jsdom has no Response: the fields the API client reads, with no headers set.
  return { ok: status >= 200 && status < 300, status, statusText, headers: { get: () => null }, json: async () => JSON.parse(text), text: async () => text } as unknown as Response;
}

/** Answers each "METHOD /path" from a table; anything else is a 404 the test will notice. */
export function answer(fetchMock: jest.Mock, routes: Record<string, (init: RequestInit | undefined) => Response>) {
  fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${input}`;
    const route = routes[key];
    return route ? route(init) : json({ message: `no route for ${key}` }, 404, 'Not Found');
  });
}

/** The calls made to one "METHOD /path", with their JSON bodies. */
export function callsTo(fetchMock: jest.Mock, key: string): unknown[] {
  return fetchMock.mock.calls.filter(([input, init]: [string, RequestInit | undefined]) => `${init?.method ?? 'GET'} ${input}` === key).map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

export function renderWithQueries(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  return { queryClient, ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>) };
}

/** jsdom cannot navigate: leaving the app (window.location.assign) is recorded instead. */
export function recordNavigation(): jest.Mock {
  const assign = jest.fn();
  const original = window.location;
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign, href: original.href } });
  return assign;
}

export function entitlement(overrides: Partial<EntitlementDto> = {}): EntitlementDto {
  return { pro: false, state: 'free', until: null, planId: null, renewsAt: null, notice: null, ...overrides };
}

export function payment(overrides: Partial<PaymentDto> = {}): PaymentDto {
  return {
    id: 'pay_1',
    amountMinor: 7999,
    currency: 'USD',
    status: 'paid',
    paidAt: '2026-11-02T10:00:00.000Z',
    refundedAt: null,
    periodStart: '2026-11-02T10:00:00.000Z',
    periodEnd: '2027-11-02T10:00:00.000Z',
    number: 'CT-0001',
    receiptUrl: null,
    paidOn: '2026-11-02',
    periodStartOn: '2026-11-02',
    periodEndOn: '2027-11-02',
    refundedOn: null,
    refundable: true,
    refundNote: null,
    ...overrides,
  };
}

export function overview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    provider: 'local',
    plans: PLANS,
    trialDays: 7,
    entitlement: entitlement(),
    subscription: null,
    days: { chargeOn: null, accessEndsOn: null, trialEndsOn: null, reminderOn: null, endedOn: null },
    timeZone: 'UTC',
    reminderDays: 3,
    payments: [],
    portal: false,
    refundWindowDays: 14,
    benefits: ['Every section of every track, not just the first', 'Machines: your own Linux computer in the browser'],
    ...overrides,
  };
}

/** A learner on the yearly plan, renewing on 2 Nov 2027. */
export function activeYearly(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return overview({
    entitlement: entitlement({ pro: true, state: 'active', until: '2027-11-02T10:00:00.000Z', planId: 'yearly', renewsAt: '2027-11-02T10:00:00.000Z' }),
    subscription: { id: 'sub_1', planId: 'yearly', status: 'active', currentPeriodEnd: '2027-11-02T10:00:00.000Z', cancelAtPeriodEnd: false, endedAt: null },
    days: { chargeOn: '2027-11-02', accessEndsOn: '2027-11-02', trialEndsOn: null, reminderOn: null, endedOn: null },
    payments: [payment()],
    ...overrides,
  });
}

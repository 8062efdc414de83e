/**
 * Every app URL built in one typed place (spec §2). Pure: the domain rules, the server's guards
 * and the features all build links from here, so a route changes in one file.
 */
const seg = encodeURIComponent;

function withQuery(path: string, query: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== false) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: () => '/',
  login: (redirectUrl?: string | null) => withQuery('/web/login', { redirectUrl }),
  register: (redirectUrl?: string | null) => withQuery('/web/register', { redirectUrl }),
  passwordReset: () => '/web/passwordReset',
  onboardingCheck: () => '/onboarding-check',
  /** The onboarding chat (issue 17). */
  onboardingChat: () => '/web/onboarding/chat',
  redirectToActiveSection: () => '/web/redirect-to-active-section',
  section: (trackId: string, sectionIndex: number | 'active') => `/web/${seg(trackId)}/section/${sectionIndex}`,
  activeSection: (trackId: string) => `/web/${seg(trackId)}/section/active`,
  progress: () => '/web/progress',
  profile: () => '/web/profile',
  leaderboard: () => '/web/leaderboard',
  settings: () => '/web/settings',
  /** Cookie choices (issue 16), open to everyone. */
  cookieSettings: () => '/web/cookies',
  /** Everything to learn and build, searchable (issue 17). */
  library: () => '/web/library',
  /** Workshops, weekly challenges and study sessions (issue 17); one event is an anchor on the page. */
  events: () => '/web/events',
  event: (eventId: string) => `/web/events#event-${seg(eventId)}`,
  /** The event as a calendar file (RFC 5545), a public download. */
  eventCalendarFile: (eventId: string) => `/api/v1/events/${seg(eventId)}/ics`,
  previewVerify: (trackId?: string) => withQuery('/web/preview/verify', { track: trackId }),
  build: () => '/web/build',
  buildProject: (projectId: string, backlink?: string | null) => withQuery(`/web/build/${seg(projectId)}`, { backlink }),
  buildMachine: (machineId: string, backlink?: string | null) => withQuery(`/web/build/machines/${seg(machineId)}`, { backlink }),
  /**
   * Where the instance app sends a login token to be bound to the browser that brought it (only
   * for the learner signed in here), on its way back to the instance app's /login/confirmed.
   */
  machineSignIn: (query: { token: string; binding: string; flow: string; redirect?: string | null }) => withQuery('/web/build/machines/sign-in', query),
  sharedProject: (projectId: string) => `/web/shared/${seg(projectId)}`,
  /** The paywall: what Pro gives, the plans, on to subscribe (issue 15). */
  pro: (redirectUrl?: string | null, trackingReferer?: string | null) => withQuery('/web/pro', { redirectUrl, trackingReferer }),
  subscribe: (redirectUrl?: string | null, trackingReferer?: string | null) => withQuery('/web/subscribe', { redirectUrl, trackingReferer }),
  web2appSubscribe: (redirectUrl?: string | null, trackingReferer?: string | null) => withQuery('/web2app/subscribe', { redirectUrl, trackingReferer }),
  web2appSignup: (redirectUrl?: string | null) => withQuery('/web2app/signup', { redirectUrl }),
  web2appSuccess: (redirectUrl?: string | null) => withQuery('/web2app/success', { redirectUrl }),
  purchaseSuccessful: (checkoutId: string) => withQuery('/web/purchase-successful', { checkout: checkoutId }),
  testCheckout: (checkoutId: string) => `/web/billing/test-checkout/${seg(checkoutId)}`,
  billingSettings: () => '/web/settings#billing',
  withQuery,
} as const;

import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, idTokenFor, uniqueEmail } from './support/emulator';

/**
 * Attacks on sessions over real HTTP against the running app (issue 10): a copied cookie after
 * sign-out, a cross-site sign-out, and guessing sign-in tokens from one address. Each is refused
 * and the app keeps working for everyone else.
 */

async function signedInContext(request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> }, baseURL: string | undefined) {
  const { idToken } = await createAccount(uniqueEmail('session'), 'secret-123');
  const context = await request.newContext({ baseURL });
  expect((await context.post('/api/login', { headers: { Authorization: `Bearer ${idToken}` } })).status()).toBe(200);
  return context;
}

const signedIn = async (context: APIRequestContext) => (await context.get('/web/profile', { maxRedirects: 0 })).status() === 200;

test.describe('session security', () => {
  test('a cookie copied before sign-out is refused afterwards', async ({ playwright, baseURL }) => {
    const victim = await signedInContext(playwright.request, baseURL);
    const state = await victim.storageState();
    expect(state.cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(['Codetrail.AuthUser', 'Codetrail.AuthUserTokens', 'Codetrail.Session']));
    const thief = await playwright.request.newContext({ baseURL, storageState: state });
    expect(await signedIn(thief)).toBe(true); // the copy works while the session lives

    expect((await victim.post('/api/logout')).status()).toBe(200);
    expect(await signedIn(victim)).toBe(false);
    const page = await thief.get('/web/profile', { maxRedirects: 0 });
    expect(page.status()).toBe(307);
    expect(page.headers().location).toMatch(/^\/web\/login\?redirectUrl=/);
    // The refused copy is cleared too, and signing in again still works for the real learner.
    expect(page.headersArray().some((header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('Codetrail.Session=;'))).toBe(true);
    await Promise.all([victim.dispose(), thief.dispose()]);
  });

  test('a refreshed token keeps the same server session', async ({ playwright, baseURL }) => {
    const email = uniqueEmail('refresh');
    await createAccount(email, 'secret-123');
    const browser = await playwright.request.newContext({ baseURL });
    expect((await browser.post('/api/login', { headers: { Authorization: `Bearer ${await idTokenFor(email, 'secret-123')}` } })).status()).toBe(200);
    const sessionOf = async () => (await browser.storageState()).cookies.find((cookie) => cookie.name === 'Codetrail.Session')?.value;
    const first = await sessionOf();
    expect((await browser.post('/api/login', { headers: { Authorization: `Bearer ${await idTokenFor(email, 'secret-123')}` } })).status()).toBe(200);
    expect(await sessionOf()).toBe(first);
    expect(await signedIn(browser)).toBe(true);
    await browser.dispose();
  });

  test('the auth cookies without the server session are refused', async ({ playwright, baseURL }) => {
    const victim = await signedInContext(playwright.request, baseURL);
    const state = await victim.storageState();
    const withoutSession = await playwright.request.newContext({ baseURL, storageState: { cookies: state.cookies.filter((cookie) => cookie.name !== 'Codetrail.Session'), origins: [] } });
    expect(await signedIn(withoutSession)).toBe(false);
    expect(await signedIn(victim)).toBe(true);
    await Promise.all([victim.dispose(), withoutSession.dispose()]);
  });

  test('a cross-site sign-out or sign-in is refused and the session survives', async ({ playwright, baseURL }) => {
    const victim = await signedInContext(playwright.request, baseURL);
    const attempts: Record<string, string>[] = [
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example' },
      { Origin: 'http://p-42.localhost:3100', 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'null' },
    ];
    for (const headers of attempts) {
      const logout = await victim.post('/api/logout', { headers });
      expect(logout.status()).toBe(403);
      expect(await logout.json()).toEqual({ message: "Requests to sign out must come from Codetrail's own pages." });
      const login = await victim.post('/api/login', { headers: { ...headers, Authorization: 'Bearer forged' } });
      expect(login.status()).toBe(403);
    }
    expect(await signedIn(victim)).toBe(true);
    await victim.dispose();
  });

  test('a cross-site page in the browser cannot sign the learner out', async ({ page, baseURL, playwright }) => {
    const victim = await signedInContext(playwright.request, baseURL);
    await page.context().addCookies((await victim.storageState()).cookies);
    const target = `${baseURL}/api/logout`;
    // A hostile page on another site: first a classic auto-submitting form, then a credentialed fetch.
    await page.route('http://evil.test/form', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<form id="f" method="POST" action="${target}"></form><script>document.getElementById('f').submit();</script>` }),
    );
    await page.route('http://evil.test/fetch', (route) => route.fulfill({ contentType: 'text/html', body: '<p>Win a prize!</p>' }));
    const formAnswer = page.waitForResponse((response) => response.url() === target);
    await page.goto('http://evil.test/form');
    expect((await formAnswer).status()).toBe(403);
    // Chromium itself may block a public site's fetch to a local address (Private Network Access);
    // whatever reaches the server must be refused by it.
    const reached: number[] = [];
    page.on('response', (response) => {
      if (response.url() === target) reached.push(response.status());
    });
    await page.goto('http://evil.test/fetch');
    expect(new URL(page.url()).host).toBe('evil.test');
    await page.evaluate((url) => fetch(url, { method: 'POST', credentials: 'include', mode: 'no-cors' }).then(() => 'sent', () => 'blocked by the browser'), target);
    expect(reached.every((status) => status === 403)).toBe(true);
    expect(await signedIn(victim)).toBe(true);
    await victim.dispose();
  });

  test('guessing sign-in tokens from one address is stopped with 429 and Retry-After', async ({ request }) => {
    // The e2e server trusts X-Forwarded-For (TRUST_PROXY) so this test has an address of its own.
    const attacker = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const limit = Number(process.env.E2E_SESSION_LIMIT || 300);
    let refused = null;
    // Every attempt counts, before any token is looked at; these send none (400) to keep the log quiet.
    for (let attempt = 0; attempt <= limit && !refused; attempt += 1) {
      const response = await request.post('/api/login', { headers: { 'X-Forwarded-For': attacker } });
      if (response.status() === 429) refused = response;
      else expect(response.status()).toBe(400);
    }
    expect(refused).not.toBeNull();
    expect(await refused?.json()).toEqual({ message: 'Too many sign-in attempts from this network. Wait a few minutes and try again.' });
    expect(Number(refused?.headers()['retry-after'])).toBeGreaterThan(0);
    // A made-up address put in front does not help: the proxy's entry (the last) is what counts.
    const spoofed = await request.post('/api/login', { headers: { 'X-Forwarded-For': `192.0.2.${Math.floor(Math.random() * 200) + 1}, ${attacker}` } });
    expect(spoofed.status()).toBe(429);
    // Another address is not affected.
    const other = await request.post('/api/login', { headers: { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 200) + 1}` } });
    expect(other.status()).toBe(400);
  });
});

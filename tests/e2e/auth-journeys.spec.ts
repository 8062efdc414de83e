import { expect, test, type Page } from '@playwright/test';
import { createAccount, latestResetCode, uniqueEmail } from './support/emulator';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a visitor sees the landing page and its sign-up call to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /start learning/i }).first()).toHaveAttribute('href', '/web/register');
});

test('register a new learner, land in the app, then sign out', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/');
  await page.getByRole('link', { name: /start learning/i }).first().click();
  await expect(page).toHaveURL(/\/web\/register/);

  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByLabel('Confirm password').fill('secret-123');
  await page.getByRole('button', { name: 'Create account' }).click();

  // A new learner goes through /onboarding-check to the onboarding chat (tests/e2e/onboarding.spec.ts).
  await expect(page).toHaveURL(/\/web\/onboarding\/chat$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada!' })).toBeVisible();

  await page.getByRole('button', { name: /account menu|Ada/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You are signed out. See you soon!')).toBeVisible();

  // The session cookie is gone: protected pages send us to login again.
  await page.goto('/onboarding-check');
  await expect(page).toHaveURL(/\/web\/login\?redirectUrl=%2Fonboarding-check/);
});

test('a protected page sends a visitor to login and back after signing in', async ({ page }) => {
  const email = uniqueEmail('return');
  await createAccount(email, 'secret-123', 'Grace');
  await page.goto('/onboarding-check?from=e2e');
  await expect(page).toHaveURL('/web/login?redirectUrl=%2Fonboarding-check%3Ffrom%3De2e');
  await signIn(page, email, 'secret-123');
  // Back at /onboarding-check, which sends a learner without onboarding answers on to the chat.
  await expect(page).toHaveURL('/web/onboarding/chat');
  await expect(page.getByRole('heading', { name: 'Welcome, Grace!' })).toBeVisible();

  // Signed in, the login page itself sends us on into the app.
  await page.goto('/web/login');
  await expect(page).toHaveURL(/\/web\/onboarding\/chat$/);
});

test('a redirectUrl to a foreign host goes to the default destination instead', async ({ page }) => {
  const email = uniqueEmail('foreign');
  await createAccount(email, 'secret-123');
  await page.goto(`/web/login?redirectUrl=${encodeURIComponent('https://evil.example/steal')}`);
  await signIn(page, email, 'secret-123');
  await expect(page).toHaveURL(/\/web\/onboarding\/chat$/);
});

test('a wrong password shows a clear message', async ({ page }) => {
  const email = uniqueEmail('wrong');
  await createAccount(email, 'secret-123');
  await page.goto('/web/login');
  await signIn(page, email, 'not-the-password');
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText(/password is not right|do not match/);
});

test('a weak password is refused before any call to the identity service', async ({ page }) => {
  const identityCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('identitytoolkit')) identityCalls.push(request.url());
  });
  await page.goto('/web/register');
  await page.getByLabel('Your name').fill('Short');
  await page.getByLabel('Email').fill(uniqueEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password').fill('12345');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 6 characters for your password.')).toBeVisible();
  await expect(page).toHaveURL(/\/web\/register/);
  expect(identityCalls).toEqual([]);
});

test('password reset through the emulator link, then sign in with the new password', async ({ page }) => {
  const email = uniqueEmail('reset');
  await createAccount(email, 'old-secret', 'Linus');
  await page.goto('/web/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/web\/passwordReset$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByText(/reset link is printed in the terminal/)).toBeVisible();

  const code = await latestResetCode(email);
  await page.goto(`/web/passwordReset?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new-secret');
  await page.getByLabel('Confirm new password').fill('new-secret');
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page).toHaveURL(/\/web\/login$/);
  await expect(page.getByText('Your password is changed. Sign in with your new password.')).toBeVisible();

  await signIn(page, email, 'old-secret');
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText(/password is not right|do not match/);

  await page.getByLabel('Password', { exact: true }).fill('new-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/web\/onboarding\/chat$/);
});

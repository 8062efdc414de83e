const EMULATOR = 'http://127.0.0.1:9099';
const PROJECT_ID = 'demo-codetrail';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Creates an account directly in the Auth emulator (as if registered earlier). */
export async function createAccount(email: string, password: string, displayName = 'Test Learner'): Promise<{ idToken: string }> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signUp failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { idToken: string };
}

/** The newest password-reset code the emulator issued for this email. */
export async function latestResetCode(email: string): Promise<string> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const body = (await response.json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
  const codes = body.oobCodes.filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET');
  const last = codes[codes.length - 1];
  if (!last) throw new Error(`No password reset code for ${email}`);
  return last.oobCode;
}

/** A fresh ID token for an existing emulator account (to call the API as that learner). */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`signInWithPassword failed: ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

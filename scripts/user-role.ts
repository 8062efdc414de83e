/**
 * `npm run user:role -- <email> <role>`: grants a role (for now: course_engineer) through the
 * `roles` custom claim. The user's next token refresh (or sign-in) carries it, and the users
 * table picks it up on their next API call. Locally this talks to the Auth emulator, which
 * must be running (npm start).
 */
import { isRole, ROLES } from '../src/domain/identity/roles';
import { cliAdminAuth, firebaseProjectId, grantRole } from './lib/firebase-admin-cli';

async function main(): Promise<number> {
  const [email, role] = process.argv.slice(2);
  if (!email || !role) {
    console.error('Usage: npm run user:role -- <email> <role>\n  Roles: ' + ROLES.join(', '));
    return 2;
  }
  if (!isRole(role)) {
    console.error(`Unknown role "${role}". Known roles: ${ROLES.join(', ')}.`);
    return 2;
  }
  try {
    const result = await grantRole(cliAdminAuth(firebaseProjectId()), email, role);
    console.log(`${email} (${result.uid}) now has roles: ${result.roles.join(', ')}. It applies from their next sign-in or token refresh.`);
    return 0;
  } catch (error) {
    const code = typeof error === 'object' && error && 'code' in error ? String((error as { code: unknown }).code) : '';
    if (code === 'auth/user-not-found') console.error(`No user with the email ${email}.`);
    else console.error(`Could not grant the role: ${error instanceof Error ? error.message : String(error)}. Is the Auth emulator running (npm start)?`);
    return 1;
  }
}

main().then((code) => process.exit(code));

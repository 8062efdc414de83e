import { grantRole } from '../../scripts/lib/firebase-admin-cli';
import { emulatorUser, testAdminAuth } from './support/emulator';

describe('npm run user:role (grantRole)', () => {
  it('adds course_engineer to the roles claim once, keeping other claims', async () => {
    const user = await emulatorUser();
    const auth = testAdminAuth();
    await auth.setCustomUserClaims(user.uid, { plan: 'pro' });

    expect(await grantRole(auth, user.email, 'course_engineer')).toEqual({ uid: user.uid, roles: ['course_engineer'] });
    expect(await grantRole(auth, user.email, 'course_engineer')).toEqual({ uid: user.uid, roles: ['course_engineer'] });
    expect((await auth.getUser(user.uid)).customClaims).toEqual({ plan: 'pro', roles: ['course_engineer'] });
  });

  it('fails clearly for an unknown email', async () => {
    await expect(grantRole(testAdminAuth(), 'nobody-here@example.com', 'course_engineer')).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });
});

import { useEffect, useState } from 'react';
import { Link } from '@/ui/link';
import { useRouter } from 'next/router';
import { confirmPasswordReset, sendPasswordResetEmail, verifyPasswordResetCode } from 'firebase/auth';
import { validateEmail, validatePasswordChange, type NewPasswordInput } from '@/domain/identity/credentials';
import { identityErrorMessage } from '@/domain/identity/identity-error-message';
import { leaveNotificationCookie } from '@/lib/cookies/notification-cookie-jar';
import { publicEnv } from '@/lib/env/public-env';
import { Alert, AuthLayout, Button, PageLoader, Stack, TextField } from '@/ui';
import { AuthGate } from '../components/auth-gate';
import { FormError } from '../components/form-error';
import { useIdentitySubmit } from '../hooks/use-identity-submit';
import { clientAuth } from '../firebase-client';
import { paths } from '@/domain/routing/paths';

function RequestResetForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, formError, submitting, submit } = useIdentitySubmit(
    { email: '' },
    ({ email }) => ({ email: validateEmail(email) }),
    'reset-request',
    async (values) => {
      const email = values.email.trim();
      await sendPasswordResetEmail(clientAuth(), email, { url: `${window.location.origin}/web/login` });
      setSentTo(email);
    },
    false,
  );

  if (sentTo) {
    return (
      <Stack gap={4}>
        <Alert kind="success" title="Check your inbox">
          We sent a link to reset your password to {sentTo}. It is valid for one hour.
        </Alert>
        {publicEnv.authEmulatorHost && (
          <Alert kind="info" title="Local mode">
            No email leaves this machine: the reset link is printed in the terminal running <code>npm start</code>.
          </Alert>
        )}
        <Link href={paths.login()}>Back to sign in</Link>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap={4}>
        <FormError message={formError} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <Button type="submit" fullWidth size="lg" loading={submitting}>
          Send reset link
        </Button>
        <Link href={paths.login()}>Back to sign in</Link>
      </Stack>
    </form>
  );
}

function ChooseNewPasswordForm({ code }: { code: string }) {
  const router = useRouter();
  const [accountEmail, setAccountEmail] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const { field, formError, submitting, submit } = useIdentitySubmit<NewPasswordInput>(
    { password: '', confirmPassword: '' },
    validatePasswordChange,
    'reset-confirm',
    async (values) => {
      await confirmPasswordReset(clientAuth(), code, values.password);
      leaveNotificationCookie({ route: paths.login(), kind: 'success', message: 'Your password is changed. Sign in with your new password.' });
      await router.push(paths.login());
    },
    true,
  );

  useEffect(() => {
    let cancelled = false;
    verifyPasswordResetCode(clientAuth(), code).then(
      (email) => !cancelled && setAccountEmail(email),
      (error: unknown) => !cancelled && setCodeError(identityErrorMessage(error, 'reset-confirm')),
    );
    return () => {
      cancelled = true;
    };
  }, [code]);

  if (codeError) {
    return (
      <Stack gap={4}>
        <Alert kind="error">{codeError}</Alert>
        <Link href={paths.passwordReset()}>Ask for a new link</Link>
      </Stack>
    );
  }
  if (!accountEmail) return <PageLoader message="Checking your link…" />;

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap={4}>
        <p>
          Choose a new password for <strong>{accountEmail}</strong>.
        </p>
        <FormError message={formError} />
        <TextField label="New password" type="password" autoComplete="new-password" {...field('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" fullWidth size="lg" loading={submitting}>
          Save new password
        </Button>
      </Stack>
    </form>
  );
}

/** /web/passwordReset: ask for a reset link, or (with ?mode=resetPassword&oobCode=…) choose a new password. */
export default function PasswordResetView() {
  const router = useRouter();
  const code = router.query.mode === 'resetPassword' && typeof router.query.oobCode === 'string' ? router.query.oobCode : null;
  return (
    <AuthGate policy="public">
      <AuthLayout
        title={code ? 'Choose a new password' : 'Reset your password'}
        subtitle={code ? undefined : 'Enter the email you signed up with and we will send you a link to choose a new password.'}
      >
        {code ? <ChooseNewPasswordForm code={code} /> : <RequestResetForm />}
      </AuthLayout>
    </AuthGate>
  );
}

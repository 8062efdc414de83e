import { useState, type FormEvent } from 'react';
import { Link } from '@/ui/link';
import { useRouter } from 'next/router';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { validateLogin } from '@/domain/identity/credentials';
import { identityErrorMessage } from '@/domain/identity/identity-error-message';
import { AuthLayout, Button, Stack, TextField } from '@/ui';
import { AuthGate } from '../components/auth-gate';
import { FormError } from '../components/form-error';
import { useFormFields } from '../hooks/use-form-fields';
import { clientAuth } from '../firebase-client';
import { useSessionState } from '../session/session-store';
import { paths } from '@/domain/routing/paths';

export interface LoginViewProps {
  appDestination: string;
}

function withRedirect(path: string, redirectUrl: unknown): string {
  return typeof redirectUrl === 'string' && redirectUrl ? `${path}?redirectUrl=${encodeURIComponent(redirectUrl)}` : path;
}

export default function LoginView({ appDestination }: LoginViewProps) {
  const router = useRouter();
  const session = useSessionState();
  const { values, field, check } = useFormFields({ email: '', password: '' }, validateLogin);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!check()) return;
    setSubmitting(true);
    try {
      await signInWithEmailAndPassword(clientAuth(), values.email.trim(), values.password);
      // The auth gate sends the learner on once the session cookie is set.
    } catch (error) {
      setFormError(identityErrorMessage(error, 'login'));
      setSubmitting(false);
    }
  }

  const sessionError = session.status === 'error' ? 'You are signed in, but we could not start your session. Reload the page to try again.' : null;

  return (
    <AuthGate policy="authForm" appDestination={appDestination}>
      <AuthLayout
        title="Welcome back"
        subtitle="Sign in to pick up your streak where you left it."
        footer={
          <>
            New to Codetrail? <Link href={withRedirect(paths.register(), router.query.redirectUrl)}>Create a free account</Link>
          </>
        }
      >
        <form onSubmit={submit} noValidate aria-label="Sign in">
          <Stack gap={4}>
            <FormError message={formError ?? sessionError} />
            <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
            <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
            <Button type="submit" fullWidth size="lg" loading={submitting}>
              Sign in
            </Button>
            <Link href={paths.passwordReset()}>Forgot your password?</Link>
          </Stack>
        </form>
      </AuthLayout>
    </AuthGate>
  );
}

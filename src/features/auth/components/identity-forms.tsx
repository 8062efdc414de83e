import { track } from '@/lib/analytics/track';
import { createUserWithEmailAndPassword, signInWithEmailAndPassword, updateProfile } from 'firebase/auth';
import { Link } from '@/ui/link';
import { MIN_PASSWORD_LENGTH, validateLogin, validateRegistration, type RegistrationInput } from '@/domain/identity/credentials';
import { paths } from '@/domain/routing/paths';
import { Button, Stack, TextField } from '@/ui';
import { clientAuth } from '../firebase-client';
import { useIdentitySubmit } from '../hooks/use-identity-submit';
import { useSessionState } from '../session/session-store';
import { FormError } from './form-error';

/**
 * The account forms: creating an account and signing in, each a hook (its state, which the page's
 * AuthGate also reads) and the form it drives. The pages around them (/web/register, /web/login,
 * /web2app/signup) decide the words around the form and where the learner goes next: the AuthGate
 * sends them on once the session cookie is set.
 */

const EMPTY_REGISTRATION: RegistrationInput = { displayName: '', email: '', password: '', confirmPassword: '' };

export function useRegisterForm() {
  return useIdentitySubmit<RegistrationInput>(
    EMPTY_REGISTRATION,
    validateRegistration,
    'register',
    async (values) => {
      const credential = await createUserWithEmailAndPassword(clientAuth(), values.email.trim(), values.password);
      await updateProfile(credential.user, { displayName: values.displayName.trim() });
      // A fresh token carries the name, so the session and the users table get it too.
      await credential.user.getIdToken(true);
      void track('sign_up', { method: 'password' });
    },
    false,
  );
}

export type RegisterFormState = ReturnType<typeof useRegisterForm>;

export function RegisterForm({ form }: { form: RegisterFormState }) {
  const { field } = form;
  return (
    <form onSubmit={form.submit} noValidate aria-label="Create account">
      <Stack gap={4}>
        <FormError message={form.formError} />
        <TextField label="Your name" autoComplete="name" {...field('displayName')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} {...field('password')} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" fullWidth size="lg" loading={form.submitting}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}

export function useLoginForm() {
  const session = useSessionState();
  const form = useIdentitySubmit(
    { email: '', password: '' },
    validateLogin,
    'login',
    async (values) => {
      await signInWithEmailAndPassword(clientAuth(), values.email.trim(), values.password);
      // The auth gate sends the learner on once the session cookie is set.
    },
    true,
  );
  const sessionError = session.status === 'error' ? 'You are signed in, but we could not start your session. Reload the page to try again.' : null;
  return { ...form, formError: form.formError ?? sessionError };
}

export type LoginFormState = ReturnType<typeof useLoginForm>;

export function LoginForm({ form }: { form: LoginFormState }) {
  const { field } = form;
  return (
    <form onSubmit={form.submit} noValidate aria-label="Sign in">
      <Stack gap={4}>
        <FormError message={form.formError} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <Button type="submit" fullWidth size="lg" loading={form.submitting}>
          Sign in
        </Button>
        <Link href={paths.passwordReset()}>Forgot your password?</Link>
      </Stack>
    </form>
  );
}

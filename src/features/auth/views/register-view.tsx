import { useState, type FormEvent } from 'react';
import { Link } from '@/ui/link';
import { useRouter } from 'next/router';
import { createUserWithEmailAndPassword, updateProfile } from 'firebase/auth';
import { MIN_PASSWORD_LENGTH, validateRegistration, type RegistrationInput } from '@/domain/identity/credentials';
import { identityErrorMessage } from '@/domain/identity/identity-error-message';
import { AuthLayout, Button, Stack, TextField } from '@/ui';
import { AuthGate } from '../components/auth-gate';
import { FormError } from '../components/form-error';
import { useFormFields } from '../hooks/use-form-fields';
import { clientAuth } from '../firebase-client';
import { paths } from '@/domain/routing/paths';

export interface RegisterViewProps {
  appDestination: string;
}

const EMPTY: RegistrationInput = { displayName: '', email: '', password: '', confirmPassword: '' };

export default function RegisterView({ appDestination }: RegisterViewProps) {
  const router = useRouter();
  const { values, field, check } = useFormFields<RegistrationInput>(EMPTY, validateRegistration);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!check()) return;
    setSubmitting(true);
    try {
      const credential = await createUserWithEmailAndPassword(clientAuth(), values.email.trim(), values.password);
      await updateProfile(credential.user, { displayName: values.displayName.trim() });
      // A fresh token carries the name, so the session and the users table get it too.
      await credential.user.getIdToken(true);
      setSubmitting(false);
    } catch (error) {
      setFormError(identityErrorMessage(error, 'register'));
      setSubmitting(false);
    }
  }

  const loginHref =
    paths.login(typeof router.query.redirectUrl === 'string' ? router.query.redirectUrl : null);

  return (
    <AuthGate policy="authForm" appDestination={appDestination} holdRedirect={submitting}>
      <AuthLayout
        title="Start learning to code"
        subtitle="Create your free account: five-minute lessons, real code in your browser, a streak to keep."
        footer={
          <>
            Already have an account? <Link href={loginHref}>Sign in</Link>
          </>
        }
      >
        <form onSubmit={submit} noValidate aria-label="Create account">
          <Stack gap={4}>
            <FormError message={formError} />
            <TextField label="Your name" autoComplete="name" {...field('displayName')} />
            <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              {...field('password')}
            />
            <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
            <Button type="submit" fullWidth size="lg" loading={submitting}>
              Create account
            </Button>
          </Stack>
        </form>
      </AuthLayout>
    </AuthGate>
  );
}

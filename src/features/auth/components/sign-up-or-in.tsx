import { useState, type ReactNode } from 'react';
import { AuthLayout } from '@/ui';
import { AuthGate } from './auth-gate';
import { LoginForm, RegisterForm, useLoginForm, useRegisterForm } from './identity-forms';
import styles from './sign-up-or-in.module.css';

export interface SignUpOrInProps {
  /** Where the learner goes once signed in (an app path the server checked). */
  destination: string;
  title: string;
  subtitle?: ReactNode;
}

/**
 * Creating an account or signing in on one page, for pages that lead somewhere particular
 * afterwards (/web2app/signup). Either way the AuthGate sends the learner to `destination`
 * once the session cookie is set, as /web/register and /web/login do.
 */
export function SignUpOrIn({ destination, title, subtitle }: SignUpOrInProps) {
  const [mode, setMode] = useState<'register' | 'login'>('register');
  const register = useRegisterForm();
  const login = useLoginForm();

  return (
    <AuthGate policy="authForm" appDestination={destination} holdRedirect={register.submitting}>
      <AuthLayout
        title={title}
        subtitle={subtitle}
        footer={
          <>
            {mode === 'register' ? 'Already learning with Codetrail?' : 'New to Codetrail?'}{' '}
            <button type="button" className={styles.switch} onClick={() => setMode(mode === 'register' ? 'login' : 'register')}>
              {mode === 'register' ? 'I already have an account' : 'Create an account instead'}
            </button>
          </>
        }
      >
        {mode === 'register' ? <RegisterForm form={register} /> : <LoginForm form={login} />}
      </AuthLayout>
    </AuthGate>
  );
}

import { Link } from '@/ui/link';
import { useRouter } from 'next/router';
import { AuthLayout } from '@/ui';
import { AuthGate } from '../components/auth-gate';
import { RegisterForm, useRegisterForm } from '../components/identity-forms';
import { paths } from '@/domain/routing/paths';

export interface RegisterViewProps {
  appDestination: string;
}

export default function RegisterView({ appDestination }: RegisterViewProps) {
  const router = useRouter();
  const form = useRegisterForm();

  const loginHref =
    paths.login(typeof router.query.redirectUrl === 'string' ? router.query.redirectUrl : null);

  return (
    <AuthGate policy="authForm" appDestination={appDestination} holdRedirect={form.submitting}>
      <AuthLayout
        title="Start learning to code"
        subtitle="Create your free account: five-minute lessons, real code in your browser, a streak to keep."
        footer={
          <>
            Already have an account? <Link href={loginHref}>Sign in</Link>
          </>
        }
      >
        <RegisterForm form={form} />
      </AuthLayout>
    </AuthGate>
  );
}

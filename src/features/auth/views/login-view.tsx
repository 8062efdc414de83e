import { Link } from '@/ui/link';
import { useRouter } from 'next/router';
import { AuthLayout } from '@/ui';
import { AuthGate } from '../components/auth-gate';
import { LoginForm, useLoginForm } from '../components/identity-forms';
import { paths } from '@/domain/routing/paths';

export interface LoginViewProps {
  appDestination: string;
}

function withRedirect(path: string, redirectUrl: unknown): string {
  return typeof redirectUrl === 'string' && redirectUrl ? `${path}?redirectUrl=${encodeURIComponent(redirectUrl)}` : path;
}

export default function LoginView({ appDestination }: LoginViewProps) {
  const router = useRouter();
  const form = useLoginForm();

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
        <LoginForm form={form} />
      </AuthLayout>
    </AuthGate>
  );
}

import Head from 'next/head';
import { paths } from '@/domain/routing/paths';
import type { MachineSignInPageProps } from '@/lib/build/build-page-props';
import { Alert, PageHeading, Stack } from '@/ui';
import { Link } from '@/ui/link';

/**
 * Shown only when a link into a machine is refused on its way to the instance app: it belongs to
 * another account (someone tried to sign this browser into their machine) or has expired.
 */
export function MachineSignInView({ message }: MachineSignInPageProps) {
  return (
    <Stack gap={3}>
      <Head>
        <title>Machine not opened · Codetrail</title>
      </Head>
      <PageHeading kicker="Machine" title="Your machine was not opened" />
      <Alert kind="error">{message}</Alert>
      <p>
        <Link href={paths.build()}>Go to your projects and machines</Link>
      </p>
    </Stack>
  );
}

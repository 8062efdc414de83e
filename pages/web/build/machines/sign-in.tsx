import { BuildShell } from '@/features/build';
import { MachineSignInView } from '@/features/machines';
import type { MachineSignInPageProps } from '@/lib/build/build-page-props';

export default function MachineSignInPage(props: MachineSignInPageProps) {
  return (
    <BuildShell>
      <MachineSignInView {...props} />
    </BuildShell>
  );
}

export { machineSignInPage as getServerSideProps } from '@/server/gssp/build-pages';

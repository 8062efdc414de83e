import { BuildShell } from '@/features/build';
import { MachineView } from '@/features/machines';
import type { MachinePageProps } from '@/lib/build/build-page-props';

export default function MachinePage(props: MachinePageProps) {
  return (
    <BuildShell>
      <MachineView {...props} />
    </BuildShell>
  );
}

export { machinePage as getServerSideProps } from '@/server/gssp/build-pages';

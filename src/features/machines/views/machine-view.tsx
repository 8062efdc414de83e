import { track } from '@/lib/analytics/track';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '@/ui/link';
import { paths } from '@/domain/routing/paths';
import type { MachinePageProps } from '@/lib/build/build-page-props';
import { Alert, Button, Card, LoadError, PageHeading, Stack, TextField } from '@/ui';
import { useMachine, useMachineAction, useMachineEndpoints } from '../api/machine-queries';
import { MachineActions, MachineState, errorText, formatBytes, usedAgo } from '../components/machine-parts';
import styles from '../components/machines.module.css';

function RenameMachine({ machineId, name, onDone }: { machineId: string; name: string; onDone: () => void }) {
  const endpoints = useMachineEndpoints();
  const rename = useMachineAction((id: string, value: string) => endpoints.rename(id, value));
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      await rename.mutateAsync([machineId, value]);
      onDone();
    } catch (error) {
      setProblem(errorText(error, 'The name could not be saved.'));
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap={2}>
        <TextField label="Machine name" value={value} onChange={(event) => setValue(event.target.value)} error={problem ?? undefined} maxLength={60} autoFocus />
        <div className={styles.row}>
          <Button type="submit" size="sm" loading={rename.isPending}>
            Save name
          </Button>
          <Button variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function MachineDetails({ machineId, backlink, instanceOrigin }: { machineId: string; backlink: string; instanceOrigin: string }) {
  const router = useRouter();
  const { machine, isPending, isError, error, refetch, data } = useMachine(machineId);
  const [renaming, setRenaming] = useState(false);
  useEffect(() => {
    void track('machine_opened', { machineId });
  }, [machineId]);

  if (isPending) return <p className={styles.muted}>Loading the machine…</p>;
  if (isError) return <LoadError message={errorText(error, 'The machine could not be loaded.')} onRetry={() => void refetch()} />;
  if (!machine) {
    return (
      <Alert kind="info">
        There is no such machine: it may have been deleted. <Link href={paths.build()}>See your machines</Link>
      </Alert>
    );
  }
  const overDisk = data ? machine.diskBytes > data.limits.diskMb * 1024 * 1024 : false;
  return (
    <Stack gap={4}>
      <Head>
        <title>{`${machine.name} · Machines · Codetrail`}</title>
      </Head>
      <PageHeading kicker="Machine" title={machine.name} />
      <Card>
        <Stack gap={4}>
          <div>
            <MachineState machine={machine} />
          </div>
          <dl className={styles.facts}>
            <dt>Template</dt>
            <dd>{machine.templateName}</dd>
            <dt>Last used</dt>
            <dd>{usedAgo(machine.lastActiveAt)}</dd>
            {machine.idleStopAt && (
              <>
                <dt>Stops if unused</dt>
                <dd>{new Date(machine.idleStopAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}</dd>
              </>
            )}
            <dt>Files</dt>
            <dd>
              {formatBytes(machine.diskBytes)}
              {data && ` of ${data.limits.diskMb} MB`}
            </dd>
            {data && (
              <>
                <dt>Memory</dt>
                <dd>{data.limits.memoryMb} MB</dd>
              </>
            )}
          </dl>
          {data && (
            <p className={styles.muted} id="machine-network">
              {data.limits.network}
            </p>
          )}
          {overDisk && <Alert kind="warning">This machine&apos;s files take more than its {data?.limits.diskMb} MB. Start it and delete some files in the terminal.</Alert>}
          {machine.state === 'running' && <p className={styles.muted}>Open the machine to get a terminal, its files and a preview of the web server you start in it. It opens in a new window.</p>}
          <MachineActions machine={machine} instanceOrigin={instanceOrigin} size="md" onDeleted={() => void router.push(backlink)} />
          {renaming ? (
            <RenameMachine machineId={machine.id} name={machine.name} onDone={() => setRenaming(false)} />
          ) : (
            <div>
              <Button variant="secondary" size="sm" onClick={() => setRenaming(true)}>
                Rename
              </Button>
            </div>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

/** /web/build/machines/{id}?backlink=: one machine, its state, and the way into it (inside the build area's shell). */
export function MachineView(props: MachinePageProps) {
  return (
    <>
      {props.kind === 'invalid-backlink' ? (
        <Stack gap={3}>
          <PageHeading kicker="Machine" title="This link cannot be followed" />
          <Alert kind="error">{props.message}</Alert>
          <p>
            <Link href={paths.build()}>Go to your projects and machines</Link>
          </p>
        </Stack>
      ) : (
        <>
          <Link href={props.backlink} className={styles.back}>
            ← Back
          </Link>
          <MachineDetails machineId={props.machineId} backlink={props.backlink} instanceOrigin={props.instanceOrigin} />
        </>
      )}
    </>
  );
}

import { useState } from 'react';
import { userMessageOf } from '@/lib/errors/user-message';
import type { Machine } from '@/domain/machines/machine-dto';
import { paths } from '@/domain/routing/paths';
import { ActionProblemAlert, actionProblem, type ActionProblem } from '@/features/billing';
import { Alert, Button } from '@/ui';
import { openInstanceApp } from './open-instance';
import { useMachineAction, useMachineEndpoints, useRememberMachine } from '../api/machine-queries';
import styles from './machines.module.css';

export const errorText = (error: unknown, fallback: string) => userMessageOf(error, fallback);

const STATE_LABEL: Record<Machine['state'], string> = {
  starting: 'Starting…',
  running: 'Running',
  stopping: 'Stopping…',
  stopped: 'Stopped',
  error: 'Could not start',
};

export function MachineState({ machine }: { machine: Machine }) {
  return (
    <span className={styles.state} data-state={machine.state}>
      <span className={styles.dot} aria-hidden="true" />
      {STATE_LABEL[machine.state]}
    </span>
  );
}

/** "just now", "5 minutes ago", … */
export function usedAgo(iso: string, now: number = Date.now()): string {
  const minutes = Math.round(Math.max(0, now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Start, Stop, Open and Delete (with a confirmation) for one machine. */
export function MachineActions({ machine, instanceOrigin, onDeleted, size = 'sm' }: { machine: Machine; instanceOrigin: string; onDeleted?: () => void; size?: 'sm' | 'md' }) {
  const endpoints = useMachineEndpoints();
  const remember = useRememberMachine();
  const start = useMachineAction((id: string) => endpoints.start(id));
  const stop = useMachineAction((id: string) => endpoints.stop(id));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);
  const [opening, setOpening] = useState(false);

  async function run(action: typeof start, fallback: string) {
    setProblem(null);
    try {
      await action.mutateAsync([machine.id]);
    } catch (error) {
      setProblem(actionProblem(error, fallback));
    }
  }

  async function open() {
    setProblem(null);
    setOpening(true);
    const { error } = await openInstanceApp({ endpoints, machineId: machine.id, instanceOrigin });
    setOpening(false);
    if (error) setProblem({ kind: 'error', text: `${userMessageOf(error, 'Could not fetch a sign-in token for the machine.')} The machine window opened without signing in: open it again from here.` });
  }

  async function remove() {
    setDeleting(true);
    setProblem(null);
    try {
      await endpoints.remove(machine.id);
      remember({ deleted: true, id: machine.id });
      onDeleted?.();
    } catch (error) {
      setProblem(actionProblem(error, 'The machine could not be deleted.'));
      setDeleting(false);
    }
  }

  const running = machine.state === 'running';
  const canStart = machine.state === 'stopped' || machine.state === 'error';
  return (
    <div className={styles.actions}>
      <div className={styles.row}>
        {running && (
          <Button size={size} onClick={() => void open()} loading={opening} aria-label={`Open ${machine.name} in a new window`}>
            Open
          </Button>
        )}
        {canStart && (
          <Button size={size} onClick={() => void run(start, 'The machine could not start.')} loading={start.isPending} aria-label={`Start ${machine.name}`}>
            Start
          </Button>
        )}
        {(running || machine.state === 'starting') && (
          <Button variant="secondary" size={size} onClick={() => void run(stop, 'The machine could not stop.')} loading={stop.isPending} aria-label={`Stop ${machine.name}`}>
            Stop
          </Button>
        )}
        {!confirming && (
          <Button variant="ghost" size={size} onClick={() => setConfirming(true)} aria-label={`Delete ${machine.name}`} disabled={machine.state === 'stopping'}>
            Delete
          </Button>
        )}
      </div>
      {confirming && (
        <div className={styles.confirm} role="group" aria-labelledby={`confirm-${machine.id}`}>
          <p id={`confirm-${machine.id}`}>
            Delete “{machine.name}” and all its files? This cannot be undone.
          </p>
          <div className={styles.row}>
            <Button variant="danger" size="sm" onClick={() => void remove()} loading={deleting} autoFocus>
              Delete machine
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </div>
      )}
      {machine.state === 'error' && machine.lastError && <Alert kind="error">{machine.lastError}</Alert>}
      {machine.state === 'stopped' && machine.lastError && <Alert kind="warning">{machine.lastError}</Alert>}
      <ActionProblemAlert problem={problem} returnTo={paths.build()} trackingReferer="machines" />
    </div>
  );
}

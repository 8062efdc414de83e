import { useState, type FormEvent } from 'react';
import { Link } from '@/ui/link';
import type { MachineTemplateId } from '@/domain/machines/machine-rules';
import { paths } from '@/domain/routing/paths';
import { ActionProblemAlert, actionProblem, type ActionProblem } from '@/features/billing';
import { Button, Card, LoadError, TextField } from '@/ui';
import { useMachineEndpoints, useMachines, useRememberMachine } from '../api/machine-queries';
import { MachineActions, MachineState, errorText, usedAgo } from './machine-parts';
import styles from './machines.module.css';

function NewMachine({ templates, onDone }: { templates: { id: MachineTemplateId; name: string; description: string }[]; onDone: () => void }) {
  const endpoints = useMachineEndpoints();
  const remember = useRememberMachine();
  const [template, setTemplate] = useState<MachineTemplateId>(templates[0]?.id ?? 'node-web');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const trimmed = name.trim();
      remember(await endpoints.create(template, trimmed.length > 0 ? trimmed : undefined));
      onDone();
    } catch (error) {
      setProblem(actionProblem(error, 'The machine could not be created.'));
      setBusy(false);
    }
  }

  return (
    <form className={styles.create} onSubmit={(event) => void create(event)} aria-labelledby="new-machine-heading">
      <h3 id="new-machine-heading" className={styles.name}>
        New machine
      </h3>
      <fieldset className={styles.templates}>
        <legend>Template</legend>
        {templates.map((item) => (
          <label key={item.id} className={styles.template}>
            <input type="radio" name="machine-template" value={item.id} checked={template === item.id} onChange={() => setTemplate(item.id)} />
            <span className={styles.templateName}>{item.name}</span>
            <span className={styles.templateText}>{item.description}</span>
          </label>
        ))}
      </fieldset>
      <TextField label="Name (optional)" value={name} onChange={(event) => setName(event.target.value)} maxLength={60} />
      <div className={styles.row}>
        <Button type="submit" loading={busy}>
          Create machine
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <ActionProblemAlert problem={problem} returnTo={paths.build()} trackingReferer="machines" />
    </form>
  );
}

/** The build area's machines: a real Linux workspace per learner, opened in the instance app. */
export function MachinesSection({ instanceOrigin }: { instanceOrigin: string }) {
  const machines = useMachines();
  const [creating, setCreating] = useState(false);
  const list = machines.data;
  const full = list ? list.machines.length >= list.limits.maxMachines : false;

  return (
    <section aria-labelledby="machines-heading">
      <h2 id="machines-heading" className={styles.sectionTitle}>
        Machines
      </h2>
      <p className={styles.lead}>A Linux computer of your own with a terminal, files and a web preview. Machines stop after 30 minutes unused and keep their files.</p>
      {machines.isPending && <p className={styles.muted}>Loading your machines…</p>}
      {machines.isError && <LoadError message={errorText(machines.error, 'Your machines could not be loaded.')} onRetry={() => void machines.refetch()} />}
      {list && (
        <>
          {creating ? (
            <NewMachine templates={list.templates} onDone={() => setCreating(false)} />
          ) : (
            <div className={`${styles.row} ${styles.toolbar}`}>
              <Button variant="secondary" onClick={() => setCreating(true)} disabled={full}>
                New machine
              </Button>
              {full && (
                <span className={styles.meta}>
                  You have {list.limits.maxMachines} machines, the most you can have. Delete one to make another.
                </span>
              )}
            </div>
          )}
          {list.machines.length === 0 && !creating && <p className={styles.muted}>No machines yet.</p>}
          {list.machines.length > 0 && (
            <ul className={styles.list} aria-label="Your machines">
              {list.machines.map((machine) => (
                <li key={machine.id}>
                  <Card className={styles.card}>
                    <h3 className={styles.name}>
                      <Link href={paths.buildMachine(machine.id, paths.build())}>{machine.name}</Link>
                    </h3>
                    <p className={styles.meta}>
                      {machine.templateName} · used {usedAgo(machine.lastActiveAt)}
                    </p>
                    <div>
                      <MachineState machine={machine} />
                    </div>
                    <MachineActions machine={machine} instanceOrigin={instanceOrigin} />
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

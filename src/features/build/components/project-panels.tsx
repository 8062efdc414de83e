import { track } from '@/lib/analytics/track';
import { useState, type FormEvent } from 'react';
import type { Project, RemixCredit as RemixCreditDto, Snapshot, SnapshotSummary } from '@/domain/build/project-dto';
import { SNAPSHOT_KIND_RULES, cleanSnapshotLabel } from '@/domain/build/project-rules';
import { Alert, Button, Stack, TextField } from '@/ui';
import { Link } from '@/ui/link';
import { useBuildEndpoints, useRefreshSnapshots, useRememberProject, useSnapshots } from '../api/build-queries';
import { editedAgo, errorText } from './build-shell';
import styles from './build.module.css';

/** "Remixed from <title> by <name>", the title a link to the original while it is still shared. */
export function RemixCredit({ credit }: { credit: RemixCreditDto }) {
  return (
    <p className={styles.author} data-testid="remix-credit">
      Remixed from {credit.sharePath ? <Link href={credit.sharePath}>{credit.title}</Link> : <span>“{credit.title}”</span>} by {credit.authorName}
    </p>
  );
}

/** Share: one click makes the public link; the owner can stop sharing (the link then answers 404). */
export function SharePanel({ project }: { project: Project }) {
  const endpoints = useBuildEndpoints();
  const remember = useRememberProject();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const link = project.sharePath ? `${window.location.origin}${project.sharePath}` : null;

  async function change(share: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      const answer = share ? await endpoints.share(project.id) : await endpoints.unshare(project.id);
      remember({ ...project, shared: answer.shared, sharePath: answer.sharePath });
      if (share) void track('project_shared', { projectId: project.id, language: project.language });
    } catch (error) {
      setProblem(errorText(error, 'Sharing could not be changed.'));
    }
    setBusy(false);
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setProblem('Copying was not allowed here: select the link and copy it yourself.');
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="share-heading">
      <h2 id="share-heading" className={styles.panelTitle}>
        Share
      </h2>
      {link ? (
        <Stack gap={2}>
          <p>Anyone with this link can see your project and run it, and remix their own copy. Your other projects stay private.</p>
          <TextField label="Link to your project" value={link} readOnly onFocus={(event) => event.target.select()} />
          <div className={styles.row}>
            <Button size="sm" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void change(false)} loading={busy}>
              Stop sharing
            </Button>
          </div>
        </Stack>
      ) : (
        <Stack gap={2}>
          <p>Only you can see this project. Share it to get a link that anyone can open, without signing in.</p>
          <div>
            <Button size="sm" onClick={() => void change(true)} loading={busy}>
              Share a link
            </Button>
          </div>
        </Stack>
      )}
      {problem && <Alert kind="error">{problem}</Alert>}
    </section>
  );
}

function SnapshotRow({ projectId, snapshot, onRestored }: { projectId: string; snapshot: SnapshotSummary; onRestored: (project: Project) => void }) {
  const endpoints = useBuildEndpoints();
  const refreshHistory = useRefreshSnapshots(projectId);
  const [opened, setOpened] = useState<Snapshot | null>(null);
  const [busy, setBusy] = useState<'open' | 'restore' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const when = editedAgo(snapshot.createdAt);
  const name = snapshot.label ?? SNAPSHOT_KIND_RULES[snapshot.kind].label;

  async function open() {
    if (opened) {
      setOpened(null);
      return;
    }
    setBusy('open');
    try {
      setOpened(await endpoints.snapshot(projectId, snapshot.id));
    } catch (error) {
      setProblem(errorText(error, 'That version could not be opened.'));
    }
    setBusy(null);
  }

  async function restore() {
    setBusy('restore');
    setProblem(null);
    try {
      onRestored(await endpoints.restoreSnapshot(projectId, snapshot.id));
      // The restore kept what it replaced as a new version: the list shows it without a reload.
      void refreshHistory();
    } catch (error) {
      setProblem(errorText(error, 'That version could not be restored.'));
    }
    setBusy(null);
  }

  return (
    <li className={styles.snapshot}>
      <div className={styles.snapshotHead}>
        <span>
          <strong>{name}</strong> <span className={styles.muted}>· {when}</span>
        </span>
        <span className={styles.row}>
          <Button variant="secondary" size="sm" onClick={() => void open()} loading={busy === 'open'} aria-expanded={opened !== null}>
            {opened ? 'Close' : 'Open'}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void restore()} loading={busy === 'restore'} aria-label={`Restore ${name} from ${when}`}>
            Restore
          </Button>
        </span>
      </div>
      {opened && (
        <div className={styles.snapshotFiles}>
          {opened.files.map((file) => (
            <details key={file.path}>
              <summary>{file.path}</summary>
              <pre>{file.content}</pre>
            </details>
          ))}
        </div>
      )}
      {problem && <Alert kind="error">{problem}</Alert>}
    </li>
  );
}

/** The project's history: versions saved by hand, every ten minutes of work, and before each restore. */
export function HistoryPanel({ project, onRestored }: { project: Project; onRestored: (project: Project) => void }) {
  const endpoints = useBuildEndpoints();
  const snapshots = useSnapshots(project.id, true);
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const verdict = label.trim() === '' ? null : cleanSnapshotLabel(label);
    if (verdict && !verdict.ok) {
      setProblem(verdict.message);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      await endpoints.createSnapshot(project.id, verdict?.value);
      setLabel('');
      await snapshots.refetch();
    } catch (error) {
      setProblem(errorText(error, 'The version could not be saved.'));
    }
    setSaving(false);
  }

  return (
    <section className={styles.panel} aria-labelledby="history-heading">
      <h2 id="history-heading" className={styles.panelTitle}>
        History
      </h2>
      <form onSubmit={(event) => void save(event)} className={styles.renameForm} noValidate>
        <TextField label="Name this version (optional)" value={label} onChange={(event) => setLabel(event.target.value)} error={problem ?? undefined} />
        <div>
          <Button type="submit" size="sm" loading={saving}>
            Save this version
          </Button>
        </div>
      </form>
      {snapshots.isPending && <p className={styles.muted}>Loading versions…</p>}
      {snapshots.isError && <Alert kind="error">{errorText(snapshots.error, 'The history could not be loaded.')}</Alert>}
      {snapshots.data && snapshots.data.snapshots.length === 0 && <p className={styles.muted}>No saved versions yet. One is kept every ten minutes while you work.</p>}
      {snapshots.data && snapshots.data.snapshots.length > 0 && (
        <ul className={styles.snapshots}>
          {snapshots.data.snapshots.map((snapshot) => (
            <SnapshotRow key={snapshot.id} projectId={project.id} snapshot={snapshot} onRestored={onRestored} />
          ))}
        </ul>
      )}
    </section>
  );
}

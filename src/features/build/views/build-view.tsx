import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { Link } from '@/ui/link';
import { cleanProjectTitle } from '@/domain/build/project-rules';
import { LANGUAGE_RULES, PROJECT_TEMPLATES, TEMPLATE_RULES, type ProjectTemplate } from '@/domain/build/project-templates';
import type { ProjectSummary, RecentlyDeletedProject } from '@/domain/build/project-dto';
import type { BuildPageProps } from '@/lib/build/build-page-props';
import { ActionProblemAlert, actionProblem, type ActionProblem } from '@/features/billing';
import { MachinesSection } from '@/features/machines';
import { paths } from '@/domain/routing/paths';
import { Alert, Button, ButtonLink, Card, LoadError, PageHeading, PageLead, Stack, TextField } from '@/ui';
import { useBuildEndpoints, useDeletedProjects, useForgetProject, useProjects, useRememberProject } from '../api/build-queries';
import { BuildShell, editedAgo, errorText } from '../components/build-shell';
import styles from '../components/build.module.css';

function NewProject() {
  const router = useRouter();
  const endpoints = useBuildEndpoints();
  const remember = useRememberProject();
  const [busy, setBusy] = useState<ProjectTemplate | null>(null);
  const [problem, setProblem] = useState<ActionProblem | null>(null);

  async function create(template: ProjectTemplate) {
    setBusy(template);
    setProblem(null);
    try {
      const project = await endpoints.create(template);
      remember(project);
      await router.push(paths.buildProject(project.id, paths.build()));
    } catch (error) {
      setProblem(actionProblem(error, 'The project could not be created.'));
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="new-project-heading">
      <h2 id="new-project-heading" className={styles.sectionTitle}>
        New project
      </h2>
      <ul className={styles.templates}>
        {PROJECT_TEMPLATES.map((template) => (
          <li key={template}>
            <button type="button" className={styles.template} onClick={() => void create(template)} disabled={busy !== null} aria-busy={busy === template || undefined}>
              <span className={styles.templateTitle}>{LANGUAGE_RULES[TEMPLATE_RULES[template].language].label}</span>
              <span className={styles.templateText}>{TEMPLATE_RULES[template].description}</span>
            </button>
          </li>
        ))}
      </ul>
      <ActionProblemAlert problem={problem} returnTo={paths.build()} trackingReferer="projects" />
    </section>
  );
}

function RenameForm({ project, onDone }: { project: ProjectSummary; onDone: () => void }) {
  const endpoints = useBuildEndpoints();
  const remember = useRememberProject();
  const [title, setTitle] = useState(project.title);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const verdict = cleanProjectTitle(title);
    if (!verdict.ok) {
      setProblem(verdict.message);
      return;
    }
    setSaving(true);
    try {
      remember(await endpoints.rename(project.id, verdict.value));
      onDone();
    } catch (error) {
      setProblem(errorText(error, 'The name could not be saved.'));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} className={styles.renameForm} noValidate>
      <TextField label="Project name" value={title} onChange={(event) => setTitle(event.target.value)} error={problem ?? undefined} autoFocus />
      <div className={styles.row}>
        <Button type="submit" size="sm" loading={saving}>
          Save name
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ProjectCard({ project, onDeleted }: { project: ProjectSummary; onDeleted: (project: ProjectSummary) => void }) {
  const endpoints = useBuildEndpoints();
  const remember = useRememberProject();
  const forget = useForgetProject();
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState<'copy' | 'delete' | null>(null);
  const [problem, setProblem] = useState<ActionProblem | null>(null);

  async function duplicate() {
    setBusy('copy');
    setProblem(null);
    try {
      remember(await endpoints.duplicate(project.id));
    } catch (error) {
      setProblem(actionProblem(error, 'The project could not be copied.'));
    }
    setBusy(null);
  }

  async function remove() {
    setBusy('delete');
    setProblem(null);
    try {
      await endpoints.remove(project.id);
      forget(project.id);
      onDeleted(project);
    } catch (error) {
      setProblem(actionProblem(error, 'The project could not be deleted.'));
      setBusy(null);
    }
  }

  const open = paths.buildProject(project.id, paths.build());
  return (
    <li className={styles.projectItem}>
    <Card className={styles.projectCard}>
      <pre className={styles.thumbnail} aria-hidden="true">
        {project.preview}
      </pre>
      <Stack gap={2}>
        <h3 id={`project-${project.id}`} className={styles.projectTitle}>
          <Link href={open}>{project.title}</Link>
        </h3>
        <p className={styles.meta}>
          {LANGUAGE_RULES[project.language].label} · {project.fileCount} file{project.fileCount === 1 ? '' : 's'} · edited {editedAgo(project.updatedAt)}
          {project.shared && <span className={styles.badge}>Shared</span>}
          {project.source === 'guided' && <span className={styles.badge}>From a course</span>}
        </p>
        {renaming ? (
          <RenameForm project={project} onDone={() => setRenaming(false)} />
        ) : (
          <div className={styles.row}>
            <ButtonLink href={open} size="sm">
              Open
            </ButtonLink>
            <Button variant="secondary" size="sm" onClick={() => setRenaming(true)} aria-label={`Rename ${project.title}`}>
              Rename
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void duplicate()} loading={busy === 'copy'} aria-label={`Duplicate ${project.title}`}>
              Duplicate
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void remove()} loading={busy === 'delete'} aria-label={`Delete ${project.title}`}>
              Delete
            </Button>
          </div>
        )}
        <ActionProblemAlert problem={problem} returnTo={paths.build()} trackingReferer="projects" />
      </Stack>
    </Card>
    </li>
  );
}

const deletedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

type Restored = Pick<ProjectSummary, 'title' | 'shared'>;

function DeletedRow({ project, onRestored }: { project: RecentlyDeletedProject; onRestored: (project: Restored) => void }) {
  const endpoints = useBuildEndpoints();
  const remember = useRememberProject();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);

  async function restore() {
    setBusy(true);
    setProblem(null);
    try {
      const back = await endpoints.restore(project.id);
      // The page's notice says so: this row leaves the list as it refreshes.
      onRestored({ title: back.title, shared: back.shared });
      remember(back);
    } catch (error) {
      setProblem(actionProblem(error, 'The project could not be brought back.'));
      setBusy(false);
    }
  }

  const days = `${project.daysLeft} day${project.daysLeft === 1 ? '' : 's'} left to restore`;
  return (
    <li className={styles.deletedItem}>
      <div>
        <strong>{project.title}</strong>
        <p className={styles.meta}>
          {LANGUAGE_RULES[project.language].label} · deleted on <time dateTime={project.deletedAt}>{deletedOn(project.deletedAt)}</time> · {days}
          {project.shared && ' · its public link comes back with it'}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => void restore()} loading={busy} aria-label={`Restore ${project.title}`}>
        Restore
      </Button>
      <ActionProblemAlert problem={problem} returnTo={paths.build()} trackingReferer="projects" />
    </li>
  );
}

/** Projects deleted in the last 30 days (the server keeps them that long), each with Restore. */
function RecentlyDeleted({ onRestored }: { onRestored: (project: Restored) => void }) {
  const deleted = useDeletedProjects();
  if (!deleted.data || deleted.data.projects.length === 0) {
    if (deleted.isError) return <LoadError message={errorText(deleted.error, 'Your recently deleted projects could not be loaded.')} onRetry={() => void deleted.refetch()} />;
    return null;
  }
  return (
    <section aria-labelledby="deleted-heading">
      <h2 id="deleted-heading" className={styles.sectionTitle}>
        Recently deleted
      </h2>
      <p className={styles.muted}>Deleted projects are kept for 30 days, then removed for good.</p>
      <ul className={styles.deletedList}>
        {deleted.data.projects.map((project) => (
          <DeletedRow key={project.id} project={project} onRestored={onRestored} />
        ))}
      </ul>
    </section>
  );
}

/** /web/build: the learner's own projects, new ones from templates, and what they finished in courses. */
export default function BuildView({ instanceOrigin }: BuildPageProps) {
  const projects = useProjects();
  const endpoints = useBuildEndpoints();
  const remember = useRememberProject();
  const [deleted, setDeleted] = useState<ProjectSummary | null>(null);
  const [undoProblem, setUndoProblem] = useState<string | null>(null);
  const [undone, setUndone] = useState<Restored | null>(null);

  async function undo() {
    if (!deleted) return;
    try {
      remember(await endpoints.restore(deleted.id));
      setUndone(deleted);
      setDeleted(null);
      setUndoProblem(null);
    } catch (error) {
      setUndoProblem(errorText(error, 'The project could not be brought back.'));
    }
  }

  return (
    <BuildShell>
      <Stack gap={5}>
        <PageHeading kicker="Build" title="Your projects">
          <PageLead>Make something of your own: a web page, a program or a database to ask questions of. Everything saves as you type.</PageLead>
        </PageHeading>
        {undone && !deleted && (
          <Alert kind="success">
            <span role="status">
              “{undone.title}” is back{undone.shared ? ', shared as before: its public link works again' : ''}.
            </span>
          </Alert>
        )}
        {deleted && (
          <Alert kind="info">
            <span role="status">
              “{deleted.title}” was deleted.{deleted.shared ? ' Its public link is off until you bring it back.' : ''}{' '}
            </span>
            <Button variant="secondary" size="sm" onClick={() => void undo()}>
              Undo
            </Button>
            {undoProblem && <span> {undoProblem}</span>}
          </Alert>
        )}
        <NewProject />
        <section aria-labelledby="projects-heading">
          <h2 id="projects-heading" className={styles.sectionTitle}>
            Projects
          </h2>
          {projects.isPending && <p className={styles.muted}>Loading your projects…</p>}
          {projects.isError && <LoadError message={errorText(projects.error, 'Your projects could not be loaded.')} onRetry={() => void projects.refetch()} />}
          {projects.data && projects.data.projects.length === 0 && <p className={styles.muted}>No projects yet. Pick one above to start, or finish a guided project in a course.</p>}
          {projects.data && projects.data.projects.length > 0 && (
            <ul className={styles.projectList}>
              {projects.data.projects.map((project) => (
                <ProjectCard
                  key={project.id}
                  project={project}
                  onDeleted={(gone) => {
                    setUndone(null);
                    setDeleted(gone);
                  }}
                />
              ))}
            </ul>
          )}
        </section>
        <RecentlyDeleted
          onRestored={(project) => {
            setDeleted(null);
            setUndone(project);
          }}
        />
        <MachinesSection instanceOrigin={instanceOrigin} />
      </Stack>
    </BuildShell>
  );
}

import { useState, type FormEvent } from 'react';
import { CodeEditor, pageStorageKey, useCodeDraft, useRuntimePreload } from '@/features/editor';
import { useAuthUser } from '@/features/auth';
import { addFile, canDeleteFile, canRenameFile, deleteFile, renameFile } from '@/domain/build/file-edits';
import type { Project } from '@/domain/build/project-dto';
import { LANGUAGE_RULES } from '@/domain/build/project-templates';
import { languageFromFileName } from '@/domain/lessons/code-language';
import { paths } from '@/domain/routing/paths';
import type { ProjectPageProps } from '@/lib/build/build-page-props';
import { Alert, Button, ButtonLink, LoadError, PageHeading, PageLead, Stack, TextField } from '@/ui';
import { Link } from '@/ui/link';
import { useBuildEndpoints, useProject, useRememberProject } from '../api/build-queries';
import { BuildShell, errorText } from '../components/build-shell';
import { ConsolePanel } from '../components/console-panel';
import { HistoryPanel, RemixCredit, SharePanel } from '../components/project-panels';
import { ProjectPreview } from '../components/project-preview';
import { useProjectRun } from '../components/use-project-run';
import styles from '../components/build.module.css';

const SAVE_LABEL = { saved: 'Saved', saving: 'Saving…', offline: 'Offline: saved on this device', error: 'Not synced yet: saved on this device' } as const;

type FileForm = { kind: 'add' } | { kind: 'rename'; path: string } | { kind: 'delete'; path: string } | null;

function FileActions({ project, files, active, onFiles, onActive }: { project: Project; files: { path: string; content: string }[]; active: string; onFiles: (files: { path: string; content: string }[]) => void; onActive: (path: string) => void }) {
  const [form, setForm] = useState<FileForm>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function open(next: FileForm) {
    setForm(next);
    setProblem(null);
    setName(next?.kind === 'rename' ? next.path : '');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    const edit = form.kind === 'add' ? addFile(project.language, files, name) : form.kind === 'rename' ? renameFile(project.language, files, form.path, name) : deleteFile(project.language, files, form.path);
    if (!edit.ok) {
      setProblem(edit.message);
      return;
    }
    onFiles(edit.files);
    if (form.kind === 'add') onActive(name.trim());
    else if (form.kind === 'rename') onActive(name.trim());
    else onActive(LANGUAGE_RULES[project.language].entryFile);
    open(null);
  }

  return (
    <div className={styles.fileActions}>
      <div className={styles.row}>
        <Button variant="secondary" size="sm" onClick={() => open({ kind: 'add' })}>
          New file
        </Button>
        {/* Only what the rules allow is offered (the server refuses the rest): the file a project starts from stays. */}
        {canRenameFile(project.language, active) && (
          <Button variant="ghost" size="sm" onClick={() => open({ kind: 'rename', path: active })}>
            Rename {active}
          </Button>
        )}
        {canDeleteFile(project.language, files, active) && (
          <Button variant="ghost" size="sm" onClick={() => open({ kind: 'delete', path: active })}>
            Delete {active}
          </Button>
        )}
        {active === LANGUAGE_RULES[project.language].entryFile && <span className={styles.muted}>{active} is where your project starts: it keeps its name and can’t be deleted.</span>}
      </div>
      {form && (
        <form onSubmit={submit} className={styles.renameForm} noValidate>
          {form.kind === 'delete' ? (
            <p>Delete {form.path}? Its code goes too (an earlier version stays in the history).</p>
          ) : (
            <TextField label={form.kind === 'add' ? 'New file name' : `New name for ${form.path}`} value={name} onChange={(event) => setName(event.target.value)} autoFocus hint={`Allowed: ${LANGUAGE_RULES[project.language].extensions.map((extension) => `.${extension}`).join(', ')}`} />
          )}
          {problem && (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          )}
          <div className={styles.row}>
            <Button type="submit" size="sm" variant={form.kind === 'delete' ? 'danger' : 'primary'}>
              {form.kind === 'add' ? 'Add file' : form.kind === 'rename' ? 'Rename' : 'Delete'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => open(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** The editor for one loaded project: files, code, the running page or program, saving, sharing, history. */
function Workspace({ project, backlink, previewTemplate }: { project: Project; backlink: string; previewTemplate: string }) {
  const user = useAuthUser();
  const endpoints = useBuildEndpoints();
  const remember = useRememberProject();
  const { lines, setLines, running, run, stop, question } = useProjectRun(project.language);
  const isWeb = project.language === 'web';
  useRuntimePreload({ lessonTypes: project.language === 'python' ? ['Python'] : [] });
  const draft = useCodeDraft({
    userId: user.id,
    draftId: `project:${project.id}`,
    initialFiles: project.files.map((file) => ({ name: file.path, content: file.content })),
    serverSavedAt: project.updatedAt,
    starterFiles: project.files.map((file) => ({ name: file.path, content: file.content })),
    save: async (files) => {
      remember(await endpoints.saveFiles(project.id, files.map((file) => ({ path: file.name, content: file.content }))));
    },
  });
  const files = draft.files.map((file) => ({ path: file.name, content: file.content }));
  const entry = LANGUAGE_RULES[project.language].entryFile;
  const [active, setActive] = useState(entry);
  const current = files.find((file) => file.path === active) ?? files[0];
  const [panel, setPanel] = useState<'share' | 'history' | null>(null);

  const setFiles = (next: { path: string; content: string }[]) => draft.replaceAll(next.map((file) => ({ name: file.path, content: file.content })));

  return (
    <Stack gap={4}>
      <div className={styles.workspaceHead}>
        <Link href={backlink} className={styles.back}>
          ← Back
        </Link>
        <PageHeading kicker={LANGUAGE_RULES[project.language].label} title={project.title}>
          {project.remixedFrom && <RemixCredit credit={project.remixedFrom} />}
        </PageHeading>
        <div className={styles.row}>
          <span className={styles.save} data-save-status={draft.status} role="status">
            {SAVE_LABEL[draft.status]}
          </span>
          {!isWeb && (
            <Button onClick={() => void run(files)} loading={running}>
              Run
            </Button>
          )}
          {!isWeb && running && (
            <Button variant="secondary" onClick={stop}>
              Stop
            </Button>
          )}
          <Button variant="secondary" onClick={() => setPanel(panel === 'share' ? null : 'share')} aria-expanded={panel === 'share'}>
            {project.shared ? 'Shared' : 'Share'}
          </Button>
          <Button variant="secondary" onClick={() => setPanel(panel === 'history' ? null : 'history')} aria-expanded={panel === 'history'}>
            History
          </Button>
        </div>
      </div>
      {draft.status === 'error' && draft.refusal && <Alert kind="warning">{draft.refusal} Your code stays saved on this device.</Alert>}
      {panel === 'share' && <SharePanel project={project} />}
      {panel === 'history' && (
        <HistoryPanel
          project={project}
          onRestored={(restored) => {
            remember(restored);
            setFiles(restored.files);
            if (!restored.files.some((file) => file.path === active)) setActive(entry);
          }}
        />
      )}
      <div className={styles.workspace} data-web={isWeb || undefined}>
        <div className={styles.editorColumn}>
          <div role="tablist" aria-label="Files" className={styles.tabs}>
            {files.map((file) => (
              <button key={file.path} role="tab" type="button" aria-selected={file.path === current?.path} className={styles.tab} onClick={() => setActive(file.path)}>
                {file.path}
              </button>
            ))}
          </div>
          {current && (
            <CodeEditor
              key={current.path}
              value={current.content}
              language={languageFromFileName(current.path)}
              readOnly={false}
              label={`${current.path} code editor`}
              onChange={(value) => draft.setFile(current.path, value)}
            />
          )}
          {current && <FileActions project={project} files={files} active={current.path} onFiles={setFiles} onActive={setActive} />}
        </div>
        <div className={styles.outputColumn}>
          {isWeb && <ProjectPreview projectId={project.id} previewTemplate={previewTemplate} title={project.title} files={files} onConsole={setLines} storageKey={user.id ? pageStorageKey(user.id, `project:${project.id}`) : null} />}
          <ConsolePanel lines={lines} question={question} empty={isWeb ? 'What your page logs with console.log shows here.' : 'Press Run to see what your program prints.'} />
        </div>
      </div>
    </Stack>
  );
}

/** /web/build/{id}?backlink= */
export default function ProjectView(props: ProjectPageProps) {
  if (props.kind === 'invalid-backlink') {
    return (
      <BuildShell>
        <Stack gap={4}>
          <PageHeading kicker="Build" title="This link can’t be opened">
            <PageLead>{props.message} Links to a project may only lead back to the build area or to a course section.</PageLead>
          </PageHeading>
          <div>
            <ButtonLink href={paths.build()}>Go to your projects</ButtonLink>
          </div>
        </Stack>
      </BuildShell>
    );
  }
  return (
    <BuildShell>
      <LoadedProject projectId={props.projectId} backlink={props.backlink} previewTemplate={props.previewTemplate} />
    </BuildShell>
  );
}

function LoadedProject({ projectId, backlink, previewTemplate }: { projectId: string; backlink: string; previewTemplate: string }) {
  const project = useProject(projectId);
  if (project.isPending) return <p className={styles.muted}>Opening your project…</p>;
  if (project.isError) {
    const missing = project.error instanceof Error && 'status' in project.error && project.error.status === 404;
    if (missing) {
      return (
        <Stack gap={4}>
          <PageHeading kicker="Build" title="There is no project here">
            <PageLead>It may have been deleted, or it belongs to someone else.</PageLead>
          </PageHeading>
          <div>
            <ButtonLink href={paths.build()}>Go to your projects</ButtonLink>
          </div>
        </Stack>
      );
    }
    return <LoadError message={errorText(project.error, 'The project could not be opened.')} onRetry={() => void project.refetch()} />;
  }
  return <Workspace key={project.data.id} project={project.data} backlink={backlink} previewTemplate={previewTemplate} />;
}

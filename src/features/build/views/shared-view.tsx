import Head from 'next/head';
import { useRouter } from 'next/router';
import { useState, type ReactNode } from 'react';
import { useAuthUser } from '@/features/auth';
import { pageStorageKey } from '@/features/editor';
import { LANGUAGE_RULES } from '@/domain/build/project-templates';
import { paths } from '@/domain/routing/paths';
import type { SharedPageProps } from '@/lib/build/build-page-props';
import { Alert, Button, ButtonLink, Container, Logo, PageHeading, Stack, ThemeToggle } from '@/ui';
import { useBuildEndpoints, useRememberProject } from '../api/build-queries';
import { BuildShell, editedAgo, errorText } from '../components/build-shell';
import { ConsolePanel } from '../components/console-panel';
import { RemixCredit } from '../components/project-panels';
import { ProjectPreview } from '../components/project-preview';
import { useProjectRun } from '../components/use-project-run';
import styles from '../components/build.module.css';
import shellStyles from './shared-view.module.css';

/** Visitors see the shared project without the app's signed-in shell (and without signing in). */
function VisitorFrame({ children, here }: { children: ReactNode; here: string }) {
  return (
    <div className={shellStyles.page}>
      <a className={shellStyles.skipLink} href="#main">
        Skip to content
      </a>
      <header className={shellStyles.header}>
        <Container className={shellStyles.headerInner}>
          <Logo href="/" />
          <nav className={styles.row} aria-label="Account">
            <ThemeToggle />
            <ButtonLink href={paths.login(here)} variant="ghost" size="sm">
              Sign in
            </ButtonLink>
            <ButtonLink href={paths.register(here)} size="sm">
              Start learning free
            </ButtonLink>
          </nav>
        </Container>
      </header>
      <main id="main" tabIndex={-1}>
        <Container>{children}</Container>
      </main>
    </div>
  );
}

function Remix({ projectId, signedIn, here }: { projectId: string; signedIn: boolean; here: string }) {
  const router = useRouter();
  const endpoints = useBuildEndpoints();
  const remember = useRememberProject();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!signedIn) {
    return (
      <ButtonLink href={paths.login(here)} variant="secondary">
        Sign in to remix
      </ButtonLink>
    );
  }
  async function remix() {
    setBusy(true);
    setProblem(null);
    try {
      const copy = await endpoints.remix(projectId);
      remember(copy);
      await router.push(paths.buildProject(copy.id, paths.build()));
    } catch (error) {
      setProblem(errorText(error, 'The project could not be remixed.'));
      setBusy(false);
    }
  }
  return (
    <span className={styles.row}>
      <Button onClick={() => void remix()} loading={busy}>
        Remix
      </Button>
      {problem && <Alert kind="error">{problem}</Alert>}
    </span>
  );
}

function SharedProjectBody({ project, previewTemplate, storageKey, viewerIsOwner }: SharedPageProps & { storageKey: string | null }) {
  const signedIn = storageKey !== null;
  const here = paths.sharedProject(project.id);
  const { lines, setLines, running, run, stop, question } = useProjectRun(project.language);
  const [active, setActive] = useState(LANGUAGE_RULES[project.language].entryFile);
  const current = project.files.find((file) => file.path === active) ?? project.files[0];
  const isWeb = project.language === 'web';

  return (
    <Stack gap={4}>
      <PageHeading kicker={`Shared ${LANGUAGE_RULES[project.language].label.toLowerCase()} project`} title={project.title}>
        <p className={styles.author}>
          By {project.authorName} · updated {editedAgo(project.updatedAt)}
        </p>
        {project.remixedFrom && <RemixCredit credit={project.remixedFrom} />}
      </PageHeading>
      <div className={styles.row}>
        {!isWeb && (
          <Button onClick={() => void run(project.files)} loading={running}>
            Run
          </Button>
        )}
        {!isWeb && running && (
          <Button variant="secondary" onClick={stop}>
            Stop
          </Button>
        )}
        {/* The author's own page leads back to their project (the server said who is looking). */}
        {viewerIsOwner ? (
          <ButtonLink href={paths.buildProject(project.id, paths.build())}>Edit</ButtonLink>
        ) : (
          <Remix projectId={project.id} signedIn={signedIn} here={here} />
        )}
      </div>
      <div className={styles.workspace} data-web={isWeb || undefined}>
        <div className={styles.editorColumn}>
          <div role="tablist" aria-label="Files" className={styles.tabs}>
            {project.files.map((file) => (
              <button key={file.path} role="tab" type="button" aria-selected={file.path === current?.path} className={styles.tab} onClick={() => setActive(file.path)}>
                {file.path}
              </button>
            ))}
          </div>
          {current && (
            <pre className={styles.readOnlyCode} role="tabpanel" aria-label={`${current.path} (read-only)`} tabIndex={0}>
              {current.content}
            </pre>
          )}
        </div>
        <div className={styles.outputColumn}>
          {isWeb && <ProjectPreview projectId={project.id} previewTemplate={previewTemplate} title={project.title} files={project.files} onConsole={setLines} storageKey={storageKey} dialogs={false} />}
          <ConsolePanel lines={lines} question={question} empty={isWeb ? 'What the page logs with console.log shows here.' : 'Press Run to see what the program prints.'} />
        </div>
      </div>
    </Stack>
  );
}

/** /web/shared/{id}: a read-only view of a shared project, its running page or output, and Remix. */
export default function SharedView(props: SharedPageProps) {
  const user = useAuthUser();
  const here = paths.sharedProject(props.project.id);
  const description = `${LANGUAGE_RULES[props.project.language].label} project by ${props.project.authorName}, made on Codetrail.`;
  const head = (
    <Head>
      <title>{`${props.project.title} · Codetrail`}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Codetrail" />
      <meta property="og:title" content={props.project.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={props.url} />
      <meta name="twitter:card" content="summary" />
    </Head>
  );
  if (user.id) {
    return (
      <BuildShell>
        {head}
        <SharedProjectBody {...props} storageKey={pageStorageKey(user.id, `project:${props.project.id}`)} />
      </BuildShell>
    );
  }
  return (
    <VisitorFrame here={here}>
      {head}
      <SharedProjectBody {...props} storageKey={null} />
    </VisitorFrame>
  );
}

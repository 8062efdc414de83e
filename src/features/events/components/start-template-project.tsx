import { useRouter } from 'next/router';
import { useMemo, useState } from 'react';
import type { ProjectTemplate } from '@/domain/build/project-templates';
import { paths } from '@/domain/routing/paths';
import { useApiClient } from '@/features/auth';
import { ActionProblemAlert, actionProblem, type ActionProblem } from '@/features/billing';
import { buildEndpoints } from '@/lib/api-client/build-endpoints';
import { Button } from '@/ui';

/** "Start a Web project": creates a project from the template, as the build area does, and opens it. */
export function StartTemplateProject({ template, label, eventTitle }: { template: ProjectTemplate; label: string; eventTitle: string }) {
  const router = useRouter();
  const client = useApiClient();
  const endpoints = useMemo(() => buildEndpoints(client), [client]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);

  async function start() {
    setBusy(true);
    setProblem(null);
    try {
      const project = await endpoints.create(template, eventTitle.slice(0, 80));
      // The project page's back link goes to the build area (its back links are build or section pages).
      await router.push(paths.buildProject(project.id, paths.build()));
    } catch (error) {
      setProblem(actionProblem(error, 'The project could not be created.'));
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" loading={busy} onClick={() => void start()}>
        Start a {label} project
      </Button>
      <ActionProblemAlert problem={problem} returnTo={paths.events()} trackingReferer="events" />
    </>
  );
}

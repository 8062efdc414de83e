import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient, useAuthUser } from '@/features/auth';
import type { Project, ProjectList } from '@/domain/build/project-dto';
import { buildEndpoints } from '@/lib/api-client/build-endpoints';

export const projectsKey = (userId: string | null) => ['user', userId, 'projects'] as const;
export const projectKey = (userId: string | null, id: string) => ['user', userId, 'projects', id] as const;
export const snapshotsKey = (userId: string | null, id: string) => ['user', userId, 'projects', id, 'snapshots'] as const;
export const deletedProjectsKey = (userId: string | null) => ['user', userId, 'deleted-projects'] as const;

export function useBuildEndpoints() {
  const client = useApiClient();
  return useMemo(() => buildEndpoints(client), [client]);
}

export function projectsQueryOptions(endpoints: ReturnType<typeof buildEndpoints>, userId: string | null) {
  return queryOptions({ queryKey: projectsKey(userId), queryFn: () => endpoints.list(), enabled: userId !== null, staleTime: 0 });
}

/** GET /projects: the learner's projects, newest first (finished guided projects included). */
export function useProjects() {
  const { id } = useAuthUser();
  return useQuery(projectsQueryOptions(useBuildEndpoints(), id));
}

/** GET /projects/{id} */
export function useProject(projectId: string) {
  const { id } = useAuthUser();
  const endpoints = useBuildEndpoints();
  return useQuery({ queryKey: projectKey(id, projectId), queryFn: () => endpoints.get(projectId), enabled: id !== null, staleTime: Infinity, refetchOnWindowFocus: false });
}

/** GET /projects/{id}/snapshots, while the history panel is open. */
export function useSnapshots(projectId: string, open: boolean) {
  const { id } = useAuthUser();
  const endpoints = useBuildEndpoints();
  return useQuery({ queryKey: snapshotsKey(id, projectId), queryFn: () => endpoints.snapshots(projectId), enabled: id !== null && open, staleTime: 0 });
}

/** GET /projects/deleted: the learner's projects deleted in the last 30 days. */
export function useDeletedProjects() {
  const { id } = useAuthUser();
  const endpoints = useBuildEndpoints();
  return useQuery({ queryKey: deletedProjectsKey(id), queryFn: () => endpoints.deleted(), enabled: id !== null, staleTime: 0 });
}

/** After a snapshot restore: the history shows the version it kept of what was replaced. */
export function useRefreshSnapshots(projectId: string) {
  const { id } = useAuthUser();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: snapshotsKey(id, projectId), exact: true });
}

/** Keeps the lists and the project's own cache entry in step with a project the server answered. */
export function useRememberProject() {
  const { id } = useAuthUser();
  const queryClient = useQueryClient();
  return (project: Project) => {
    queryClient.setQueryData(projectKey(id, project.id), project);
    void queryClient.invalidateQueries({ queryKey: projectsKey(id), exact: true });
    void queryClient.invalidateQueries({ queryKey: deletedProjectsKey(id), exact: true });
  };
}

/** Drops a project from the cached list at once (delete), before the server's next answer. */
export function useForgetProject() {
  const { id } = useAuthUser();
  const queryClient = useQueryClient();
  return (projectId: string) => {
    queryClient.setQueryData<ProjectList>(projectsKey(id), (list) => (list ? { projects: list.projects.filter((project) => project.id !== projectId) } : list));
    void queryClient.invalidateQueries({ queryKey: deletedProjectsKey(id), exact: true });
  };
}

export function useProjectMutation<A extends unknown[]>(call: (...args: A) => Promise<Project>) {
  const remember = useRememberProject();
  return useMutation({ mutationFn: (args: A) => call(...args), onSuccess: remember });
}

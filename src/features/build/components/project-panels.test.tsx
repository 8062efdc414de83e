import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Project, SnapshotSummary } from '@/domain/build/project-dto';
import type { createApiClient } from '@/lib/api-client/api-client';
import { HistoryPanel } from './project-panels';

const mockFetch = jest.fn();
jest.mock('@/features/auth', () => {
  const { createApiClient: create } = jest.requireActual<{ createApiClient: typeof createApiClient }>('@/lib/api-client/api-client');
  const client = create({ baseUrl: '/api/v1', getToken: async () => 'token', fetch: ((...args: unknown[]) => mockFetch(...args)) as typeof fetch });
  const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', roles: [], clientInitialized: true };
  return { useAuthUser: () => user, useApiClient: () => client };
});

/** The part of Response the API client reads (jsdom has none). */
const json = (body: unknown, status = 200) => ({ ok: status < 300, status, statusText: 'OK', headers: { get: () => null }, json: async () => body, text: async () => JSON.stringify(body) }) as unknown as Response;

const ID = 'abcdefghijklmnopqrst';
const project: Project = {
  id: ID,
  title: 'Quiz',
  language: 'python',
  source: 'template',
  sourceRef: 'python',
  files: [{ path: 'main.py', content: 'print(2)' }],
  revision: 3,
  shared: false,
  sharePath: null,
  remixedFrom: null,
  createdAt: '2026-11-24T12:00:00.000Z',
  updatedAt: '2026-11-24T12:05:00.000Z',
};
const snapshot = (id: string, kind: SnapshotSummary['kind'], label: string | null): SnapshotSummary => ({ id, kind, label, createdAt: new Date(Date.now() - 60_000).toISOString() });

function renderPanel(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

describe('HistoryPanel', () => {
  it('shows the version a restore kept of the replaced files, without a reload', async () => {
    let restored = false;
    mockFetch.mockImplementation(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${input}`;
      if (key === `GET /api/v1/projects/${ID}/snapshots`) {
        return json({ snapshots: restored ? [snapshot('s2', 'before-restore', null), snapshot('s1', 'manual', 'First try')] : [snapshot('s1', 'manual', 'First try')] });
      }
      if (key === `POST /api/v1/projects/${ID}/snapshots/s1/restore`) {
        restored = true;
        return json({ ...project, revision: 4, files: [{ path: 'main.py', content: 'print(1)' }] });
      }
      return json({ message: `no route for ${key}` }, 404);
    });
    const onRestored = jest.fn();
    renderPanel(<HistoryPanel project={project} onRestored={onRestored} />);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /^Restore First try/ }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(expect.objectContaining({ revision: 4 })));
    expect(await screen.findByText('Before restoring an earlier version')).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ReportProblem } from './report-problem-opener';

const mockFetch = jest.fn();
// The same API client the app builds, over a fetch the test answers.
jest.mock('@/features/auth', () => {
  const client = jest.requireActual('@/lib/api-client/api-client').createApiClient({ baseUrl: '/api/v1', getToken: async () => 'token', fetch: (...args: unknown[]) => mockFetch(...args) });
  return { useApiClient: () => client };
});

function renderOpener() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReportProblem lesson={{ trackId: 'python', tutorialId: 't', chapterId: 'c', lessonId: 'l' }} mode="learn" snapshot={() => ({ files: [{ name: 'main.py', userContent: 'print(1)' }], output: 'boom' })} />
    </QueryClientProvider>,
  );
}

const openButton = () => screen.getByRole('button', { name: 'Report a problem with this lesson' });

describe('ReportProblem (the lesson page part)', () => {
  beforeEach(() => mockFetch.mockReset());

  it('is a button until the learner opens it; the form arrives then, focused on the note', async () => {
    renderOpener();
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(openButton());
    const note = await screen.findByRole('textbox', { name: 'What went wrong?' });
    expect(screen.getByRole('form', { name: 'Report a problem' })).toBeInTheDocument();
    expect(note).toHaveFocus();
  });

  it('keeps what the learner typed through Cancel and opening again', async () => {
    renderOpener();
    fireEvent.click(openButton());
    fireEvent.change(await screen.findByRole('textbox', { name: 'What went wrong?' }), { target: { value: 'The check says 12 but I wrote 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(openButton());
    expect(await screen.findByRole('textbox', { name: 'What went wrong?' })).toHaveValue('The check says 12 but I wrote 12');
  });

  it('sends the note with the files and output, then thanks the learner', async () => {
    mockFetch.mockResolvedValue({ ok: true, status: 201, statusText: 'Created', headers: { get: () => null }, json: async () => ({ id: 'r1' }), text: async () => '{"id":"r1"}' });
    renderOpener();
    fireEvent.click(openButton());
    fireEvent.change(await screen.findByRole('textbox', { name: 'What went wrong?' }), { target: { value: 'Wrong hint' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you. Your report is with our course engineers.');
    const [url, init] = mockFetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/reports');
    expect(JSON.parse(String(init.body))).toMatchObject({ trackId: 'python', lessonId: 'l', mode: 'learn', note: 'Wrong hint', files: [{ name: 'main.py', userContent: 'print(1)' }], output: 'boom' });
    await waitFor(() => expect(mockFetch).toHaveBeenCalledTimes(1));
  });
});

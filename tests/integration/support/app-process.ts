/**
 * One app process for tests/integration/multi-process.test.ts: the app's services (with their own
 * in-memory caches, as each Next.js process has) on DATABASE_URL, driven by the test over IPC.
 * Run with `node --import tsx`; answers { id, result } or { id, error } per command.
 */
import { openDatabase } from '@/server/db/client';
import { createServices } from '@/server/services/services';

interface Command {
  id: number;
  name: 'saveFiles' | 'savedFiles' | 'firstLessonTitle' | 'clearCache' | 'league';
  args: unknown[];
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const handle = await openDatabase({ kind: 'postgres', url });
  const services = createServices(handle.db);
  const location = { trackId: 'python', tutorialId: 'python-basics', chapterId: 'python-basics-first-steps' };

  const commands: Record<Command['name'], (...args: never[]) => Promise<unknown>> = {
    saveFiles: async (userId: string, lessonId: string, content: string) => {
      const set = await services.content.latestPublishSet();
      return services.learning.saveFiles(userId, { ...location, lessonId }, set?.version ?? 0, [{ name: 'main.py', userContent: content }]);
    },
    savedFiles: async (userId: string) => {
      const published = await services.content.publishedTrack('python');
      return services.learning.savedFiles(userId, location, published?.trackVersion ?? 0);
    },
    firstLessonTitle: async () => (await services.content.publishedTrack('python'))?.track.tutorials[0]?.chapters[0]?.lessons[0]?.title ?? null,
    clearCache: async () => services.content.clearCache('python'),
    league: async (userId: string, at: string) => services.progress.league(userId, new Date(at)),
  };

  process.on('message', (message: Command) => {
    const run = commands[message.name] as (...args: unknown[]) => Promise<unknown>;
    run(...message.args).then(
      (result) => process.send?.({ id: message.id, result }),
      (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on('disconnect', () => {
    void Promise.all([services.checks.close(), handle.close()]).finally(() => process.exit(0));
  });
  process.send?.({ ready: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

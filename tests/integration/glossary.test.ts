import path from 'node:path';
import { compileContent } from '@/server/content/compile-content';
import type { DatabaseHandle } from '@/server/db/client';
import { createServices, type Services } from '@/server/services/services';
import { openTestDatabase } from './support/database';

const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

let handle: DatabaseHandle;
let services: Services;

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db);
});

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

describe(`the HTML glossary is published with the publish set, on ${DATABASE}`, () => {
  it('publishes the repository glossary, reads it back, republishes only when it changes', async () => {
    const { content, errors } = await compileContent(path.resolve('content'));
    expect(errors).toEqual([]);
    expect(content.glossary?.length).toBeGreaterThan(30);
    expect(await services.content.publishedGlossary()).toEqual([]);

    const first = await services.content.publishIfChanged(content);
    expect(first).not.toBeNull();
    const published = await services.content.publishedGlossary();
    expect(published.map((entry) => entry.id)).toEqual(content.glossary?.map((entry) => entry.id));
    expect(published.find((entry) => entry.id === 'a')?.compat.support.chrome).toBe('1');
    expect(await services.content.publishIfChanged(content)).toBeNull();

    // A changed entry is a new publish set; readers see it at once.
    const changed = { ...content, glossary: content.glossary?.map((entry) => (entry.id === 'a' ? { ...entry, summary: `${entry.summary} Changed.` } : entry)) };
    const second = await services.content.publishIfChanged(changed);
    expect(second?.publishSetVersion).toBe((first?.publishSetVersion ?? 0) + 1);
    expect((await services.content.publishedGlossary()).find((entry) => entry.id === 'a')?.summary).toMatch(/Changed\.$/);
    // The tracks themselves did not change: no new track versions.
    expect(second?.tracks.every((track) => !track.changed)).toBe(true);
  });
});

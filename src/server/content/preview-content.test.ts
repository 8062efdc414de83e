import { mkdtempSync, rmSync, writeFileSync, utimesSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PublishOutcome } from './publish-content';
import { createPreviewContent, folderFingerprint } from './preview-content';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'preview-content-'));
  mkdirSync(path.join(root, 'python'));
  writeFileSync(path.join(root, 'python', 'lesson.md'), 'first');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const published = (publishSetVersion: number): PublishOutcome => ({ kind: 'published', result: { publishSetVersion, tracks: [] } as never });

describe('folderFingerprint', () => {
  it('changes with an edit, a new file, a rename and a removal, and not otherwise', async () => {
    const first = await folderFingerprint(root);
    expect(await folderFingerprint(root)).toBe(first);
    const file = path.join(root, 'python', 'lesson.md');
    writeFileSync(file, 'second');
    utimesSync(file, new Date(2030, 0, 1), new Date(2030, 0, 1));
    const edited = await folderFingerprint(root);
    expect(edited).not.toBe(first);
    writeFileSync(path.join(root, 'python', 'other.md'), 'x');
    const added = await folderFingerprint(root);
    expect(added).not.toBe(edited);
    renameSync(path.join(root, 'python', 'other.md'), path.join(root, 'python', 'renamed.md'));
    const renamed = await folderFingerprint(root);
    expect(renamed).not.toBe(added);
    rmSync(path.join(root, 'python', 'renamed.md'));
    expect(await folderFingerprint(root)).toBe(edited);
  });

  it('a missing folder has a fingerprint of its own', async () => {
    expect(await folderFingerprint(path.join(root, 'nope'))).not.toBe(await folderFingerprint(root));
  });
});

describe('createPreviewContent', () => {
  const clock = () => new Date('2026-12-01T10:00:00Z');

  it('publishes the tree on the first look and again only after it changed', async () => {
    const outcomes = [published(5), published(6)];
    const publish = jest.fn(async () => outcomes.shift() ?? { kind: 'unchanged' as const });
    const preview = createPreviewContent({ root, publish, now: clock });
    expect(await preview.check()).toEqual({ publishSetVersion: 5, checkedAt: '2026-12-01T10:00:00.000Z', publishedAt: '2026-12-01T10:00:00.000Z', errors: [] });
    await preview.check();
    expect(publish).toHaveBeenCalledTimes(1);
    writeFileSync(path.join(root, 'python', 'new.md'), 'x');
    expect((await preview.check()).publishSetVersion).toBe(6);
    expect(publish).toHaveBeenCalledTimes(2);
  });

  it('keeps the last good set and the errors while the tree is invalid, and clears them once fixed', async () => {
    const outcomes: PublishOutcome[] = [published(3), { kind: 'invalid', errors: ['python/lesson.md: title is required'] }, published(4)];
    const preview = createPreviewContent({ root, publish: async () => outcomes.shift() ?? { kind: 'unchanged' }, now: clock });
    await preview.check();
    writeFileSync(path.join(root, 'python', 'broken.md'), 'x');
    expect(await preview.check()).toMatchObject({ publishSetVersion: 3, errors: ['python/lesson.md: title is required'] });
    rmSync(path.join(root, 'python', 'broken.md'));
    writeFileSync(path.join(root, 'python', 'fixed.md'), 'y');
    expect(await preview.check()).toMatchObject({ publishSetVersion: 4, errors: [] });
  });

  it('looks once when asked twice at the same time', async () => {
    let release: () => void = () => undefined;
    const publish = jest.fn(() => new Promise<PublishOutcome>((resolve) => (release = () => resolve(published(1)))));
    const preview = createPreviewContent({ root, publish, now: clock });
    const both = Promise.all([preview.check(), preview.check()]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await both;
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('tries again at the next look after a publish that threw', async () => {
    const publish = jest.fn<Promise<PublishOutcome>, []>().mockRejectedValueOnce(new Error('database busy')).mockResolvedValueOnce(published(2));
    const preview = createPreviewContent({ root, publish, now: clock });
    await expect(preview.check()).rejects.toThrow('database busy');
    expect((await preview.check()).publishSetVersion).toBe(2);
  });
});

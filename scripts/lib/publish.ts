import path from 'node:path';
import type { DatabaseHandle } from '../../src/server/db/client';
import { compileContent } from '../../src/server/content/compile-content';
import { formatContentError } from '../../src/server/content/content-error';
import { createContentService } from '../../src/server/services/content-service';
import type { PublishResult } from '../../src/server/repositories/content-repository';

export type PublishOutcome = { kind: 'invalid'; errors: string[] } | { kind: 'unchanged' } | { kind: 'published'; result: PublishResult };

/** Compiles content/ and publishes it: always (`force`), or only when it differs from the current set. */
export async function publishContent(handle: DatabaseHandle, options: { force: boolean; root?: string }): Promise<PublishOutcome> {
  const { content, errors } = await compileContent(path.resolve(options.root ?? 'content'));
  if (errors.length > 0) return { kind: 'invalid', errors: errors.map(formatContentError) };
  const service = createContentService(handle.db);
  const result = options.force ? await service.publish(content) : await service.publishIfChanged(content);
  return result ? { kind: 'published', result } : { kind: 'unchanged' };
}

export function describePublish(result: PublishResult): string {
  const tracks = result.tracks.map((track) => `${track.trackId} v${track.trackVersion}${track.changed ? ' (new)' : ''}`).join(', ');
  return `Published content as publish set ${result.publishSetVersion}: ${tracks || 'no tracks'}.`;
}

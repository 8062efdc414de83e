import path from 'node:path';
import type { PublishResult } from '@/server/repositories/content-repository';
import type { ContentService } from '@/server/services/content-service';
import { compileContent } from './compile-content';
import { formatContentError } from './content-error';

export type PublishOutcome = { kind: 'invalid'; errors: string[] } | { kind: 'unchanged' } | { kind: 'published'; result: PublishResult };

/**
 * Compiles a content folder and publishes it: always (`force`), or only when it differs from the
 * current set. Invalid content publishes nothing (learners keep the last set) and says why. One
 * function for `npm start`, `npm run content:publish`, the running server's publish call and a
 * preview deployment's working tree.
 */
export async function publishContentFolder(service: Pick<ContentService, 'publish' | 'publishIfChanged'>, options: { force: boolean; root: string }): Promise<PublishOutcome> {
  const { content, errors } = await compileContent(path.resolve(options.root));
  if (errors.length > 0) return { kind: 'invalid', errors: errors.map(formatContentError) };
  const result = options.force ? await service.publish(content) : await service.publishIfChanged(content);
  return result ? { kind: 'published', result } : { kind: 'unchanged' };
}

export function describePublish(result: PublishResult): string {
  const tracks = result.tracks.map((track) => `${track.trackId} v${track.trackVersion}${track.changed ? ' (new)' : ''}`).join(', ');
  return `Published content as publish set ${result.publishSetVersion}: ${tracks || 'no tracks'}.`;
}

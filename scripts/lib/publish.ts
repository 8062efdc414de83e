import type { DatabaseHandle } from '../../src/server/db/client';
import { publishContentFolder, type PublishOutcome } from '../../src/server/content/publish-content';
import { createContentService } from '../../src/server/services/content-service';

export { describePublish, type PublishOutcome } from '../../src/server/content/publish-content';

/** Compiles content/ (or `root`) and publishes it into this database: always (`force`), or only when it changed. */
export function publishContent(handle: DatabaseHandle, options: { force: boolean; root?: string }): Promise<PublishOutcome> {
  return publishContentFolder(createContentService(handle.db), { force: options.force, root: options.root ?? 'content' });
}

import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { serverEnv } from '@/server/config/server-env';
import { previewContentOfThisProcess } from '@/server/content/preview-deployment';
import { describePublish, publishContentFolder } from '@/server/content/publish-content';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import { notFound, unauthorized, unprocessable } from '@/server/http/http-error';
import type { Services } from '@/server/services/services';

const publishBody = z.object({ force: z.boolean({ error: 'force must be true or false' }).optional() }).strict();

/** What publishing the server's content folder did, as the API answers it (invalid content is a 422). */
async function publishNow(services: Services, force: boolean) {
  const outcome = await publishContentFolder(services.content, { force, root: serverEnv().deployment.contentDir });
  if (outcome.kind === 'invalid') {
    const error = unprocessable(`Nothing published: the content has ${outcome.errors.length} error(s). ${outcome.errors.slice(0, 5).join(' ')}`);
    throw error;
  }
  if (outcome.kind === 'unchanged') {
    const latest = await services.content.latestPublishSet();
    return { published: false, publishSetVersion: latest?.version ?? null, message: 'Course content is unchanged since the last publish.' };
  }
  return { published: true, publishSetVersion: outcome.result.publishSetVersion, message: describePublish(outcome.result) };
}

/**
 * GET /api/v1/preview/content: what this deployment serves. On a preview deployment, the working
 * tree's state (the set it last made, when it was looked at, its errors); elsewhere the latest set.
 */
export function previewContentRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint({
      access: 'course_engineer',
      handle: async () => {
        const preview = previewContentOfThisProcess();
        const latest = await services.content.latestPublishSet();
        const tree = preview ? await preview.check().catch(() => preview.status()) : null;
        return { body: { deployment: serverEnv().deployment.kind, lessonRoutePrefix: serverEnv().deployment.lessonRoutePrefix, publishSetVersion: latest?.version ?? null, workingTree: tree } };
      },
    }),
  };
}

/** POST { force? } publishing the server's content folder, for a course engineer or (behind its token check) `npm run content:publish`. */
function publishRoutes(services: Services, access: 'course_engineer' | 'public'): Routes {
  const handle = async ({ body }: { body: z.infer<typeof publishBody> }) => ({ body: await publishNow(services, body.force ?? true) });
  return { POST: defineEndpoint({ access, body: publishBody, handle }) };
}

/** POST /api/v1/preview/content/publish { force? }: a course engineer publishes the server's content folder now. */
export const previewPublishRoutes = (services: Services): Routes => publishRoutes(services, 'course_engineer');

/** The header `npm run content:publish` sends the running server (the token start.ts made for it). */
export const CONTROL_TOKEN_HEADER = 'x-codetrail-control';

/** The running server's own token, given by `npm start` (none: the call does not exist here). */
export function checkControlToken(expected: string | null, given: string | string[] | undefined): void {
  if (!expected) throw notFound('This server takes no publish calls.');
  const want = Buffer.from(expected);
  const have = Buffer.from(typeof given === 'string' ? given : '');
  if (want.length !== have.length || !timingSafeEqual(want, have)) throw unauthorized('Only `npm run content:publish` on this machine may call this.');
}

/**
 * POST /api/internal/content/publish { force? }: `npm run content:publish` while this server holds
 * the embedded database (one process at a time may open it), proved by the token in the data folder.
 */
export const controlPublishRoutes = (services: Services): Routes => publishRoutes(services, 'public');

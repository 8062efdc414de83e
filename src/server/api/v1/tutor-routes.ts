import { isNamedError } from '@/lib/errors/named-error';
import { z } from 'zod';
import { visibleChecks } from '@/domain/lessons/submission';
import { logger } from '@/lib/logger';
import { ID_PATTERN } from '@/server/content/content-error';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import { HttpError, notFound } from '@/server/http/http-error';
import { locateChapter, locateLesson, validateLessonFiles } from '@/server/services/learning-service';
import type { Services } from '@/server/services/services';
import type { TutorUnavailableError} from '@/server/services/tutor-service';
import { askTutor, type TutorConfig } from '@/server/services/tutor-service';

const id = z.string().regex(ID_PATTERN);

export const explainBody = z
  .object({
    trackId: id,
    tutorialId: id,
    chapterId: id,
    lessonId: id,
    files: z.array(z.object({ name: z.string().min(1).max(100), userContent: z.string() }).strict()).min(1).max(20),
    output: z.string().max(20_000),
    error: z.string().max(2_000).nullable(),
    failedChecks: z.array(z.number().int().min(0).max(1000)).max(50),
  })
  .strict();

/**
 * POST /tutor/explain — the optional AI tutor. The facts it is given come from the published lesson
 * (its explanation and the failed checks' own messages), not from the client, plus the learner's
 * code, output and error. 404 when no model is configured: the player then explains by itself.
 */
export function tutorRoutes(services: Services, config: TutorConfig | null, fetchImpl?: typeof fetch): Routes {
  return {
    POST: defineEndpoint<Record<string, never>, z.infer<typeof explainBody>>({
      access: 'user',
      body: explainBody,
      handle: async ({ identity, body }) => {
        if (!config) throw notFound('No tutor model is configured; the built-in tutor explains instead.');
        await services.billing.requireAccess(identity, { kind: 'model-tutor' });
        const published = await services.content.publishedTrack(body.trackId);
        if (!published) throw notFound(`There is no published track "${body.trackId}".`);
        const lesson = locateLesson(locateChapter(published.track, body), body.lessonId);
        const files = validateLessonFiles(lesson, body.files);
        // The player's check indices count the checks it was sent (the visible ones).
        const checks = visibleChecks(lesson.executableContent?.checks ?? []);
        const failedChecks = body.failedChecks.flatMap((index) => (checks[index] ? [`check ${index + 1}: ${checks[index].message}`] : []));
        // Counted only for questions that reach the model: it is the costly part.
        await services.rateLimits.hit('tutor', identity.uid);
        try {
          const text = await askTutor(config, { lessonTitle: lesson.title, explanation: lesson.explanation, files, output: body.output, error: body.error, failedChecks }, fetchImpl);
          return { body: { text } };
        } catch (error) {
          if (!isNamedError<TutorUnavailableError>(error, 'TutorUnavailableError')) throw error;
          logger.warn('tutor: the model did not help', error.detail);
          throw new HttpError(502, error.message);
        }
      },
    }),
  };
}

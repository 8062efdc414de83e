import { useMemo } from 'react';
import type { ApiClient } from '@/lib/api-client/api-client';
import type { LearningEndpoints } from '@/lib/api-client/learning-endpoints';

/** The typed endpoints (and their response schemas) load on first use, outside the page's first load. */
export function useLessonApi(client: ApiClient) {
  return useMemo(() => {
    const endpoints = () => import('@/lib/api-client/learning-endpoints').then(({ learningEndpoints }) => learningEndpoints(client));
    return {
      saveFiles: async (...args: Parameters<LearningEndpoints['saveFiles']>) => (await endpoints()).saveFiles(...args),
      completeLesson: async (...args: Parameters<LearningEndpoints['completeLesson']>) => (await endpoints()).completeLesson(...args),
      restoreStreak: async (lesson: { trackId: string; tutorialId: string; chapterId: string; lessonId: string }) =>
        (await import('@/lib/api-client/progress-endpoints')).progressEndpoints(client).restoreStreak(lesson),
    };
  }, [client]);
}

export type LessonApi = ReturnType<typeof useLessonApi>;

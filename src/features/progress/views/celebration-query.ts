import { useRouter } from 'next/router';
import { parseAfterLessonQuery } from '@/lib/progress/progress-paths';

/** The after-lesson query of the celebration screens, with prevXPCount. */
export function useCelebrationQuery() {
  const router = useRouter();
  const query = router.isReady ? parseAfterLessonQuery(router.query) : null;
  const raw = router.query.prevXPCount;
  const prev = typeof raw === 'string' && /^\d{1,7}$/.test(raw) ? Number(raw) : null;
  return { ready: router.isReady, query, prevXPCount: prev };
}

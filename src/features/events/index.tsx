import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useAuthUser } from '@/features/auth';

/**
 * The events feature's public entry for the app shell. The reminder check is a chunk of its own,
 * loaded only for a signed-in learner and never on lesson pages (their first-load budget), and
 * rendered only in the browser (it reads the clock and localStorage).
 */
const EventReminders = dynamic(() => import('./components/event-reminders'), { ssr: false });

/** Lesson pages (/web/track/…, /ssr/track/…) keep all their attention, and their JS budget, for the lesson. */
const isLessonPage = (pathname: string) => pathname.startsWith('/web/track/') || pathname.startsWith('/ssr/');

export function EventRemindersForLearners() {
  const { id } = useAuthUser();
  const { pathname } = useRouter();
  return id && !isLessonPage(pathname) ? <EventReminders /> : null;
}

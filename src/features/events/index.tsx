import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { useAuthUser } from '@/features/auth';
import { whenLoadedAndIdle } from '@/lib/when-idle';

/**
 * The events feature's public entry for the app shell. The reminder check is a chunk of its own,
 * loaded only for a signed-in learner and never on lesson pages (their first-load budget), and
 * rendered only in the browser (it reads the clock and localStorage).
 */
const EventReminders = dynamic(() => import('./components/event-reminders'), { ssr: false });

/** Lesson pages (/web/track/…, /ssr/track/…) keep all their attention, and their JS budget, for the lesson. */
const isLessonPage = (pathname: string) => pathname.startsWith('/web/track/') || pathname.startsWith('/ssr/');

/**
 * A reminder is background news: its chunk and its request start once the page has loaded and the
 * browser is idle, never during the page's own start (hydration, the learner's first reads).
 */
export function EventRemindersForLearners() {
  const { id } = useAuthUser();
  const { pathname } = useRouter();
  const [pageSettled, setPageSettled] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setPageSettled(true)), []);
  return id && pageSettled && !isLessonPage(pathname) ? <EventReminders /> : null;
}

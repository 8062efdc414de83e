import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { useAuthUser } from '@/features/auth';
import { whenLoadedAndIdle } from '@/lib/when-idle';

const BillingNotices = dynamic(() => import('./billing-notices'), { ssr: false });

/** Lesson pages keep their first-load budget for the lesson (as the event reminders do). */
const isLessonPage = (pathname: string) => pathname.startsWith('/web/track/') || pathname.startsWith('/ssr/');

/** The app shell's mount: background news, asked for once the page has loaded and is idle. */
export function BillingNoticesForLearners() {
  const { id } = useAuthUser();
  const { pathname } = useRouter();
  const [pageSettled, setPageSettled] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setPageSettled(true)), []);
  return id && pageSettled && !isLessonPage(pathname) ? <BillingNotices /> : null;
}

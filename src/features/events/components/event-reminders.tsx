import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { useAuthUser } from '@/features/auth';
import { eventsStartingToday, reminderDismissalKey } from '@/domain/events/event-reminders';
import { formatEventTime } from '@/domain/events/format-event-time';
import { localDayOf } from '@/domain/progress/local-day';
import { useNotifications } from '@/app/providers/notification-provider';
import { eventRemindersQueryOptions, useEventEndpoints } from '../api/event-queries';

function dismissedToday(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function rememberDismissal(key: string): void {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    // Storage refused (private mode, quota): the reminder may come back on the next visit.
  }
}

/**
 * "Starts today" reminders for the events the learner joined: one notification per event on the
 * day it starts in their time zone, on the page they are on, until they dismiss it for that day.
 */
export default function EventReminders() {
  const { id } = useAuthUser();
  const router = useRouter();
  const { notify } = useNotifications();
  const { data } = useQuery(eventRemindersQueryOptions(useEventEndpoints(), id));
  const pathname = router.asPath.split(/[?#]/)[0] ?? router.asPath;

  useEffect(() => {
    // No joined events (most learners): nothing to remind, and no date formatter to build (the
    // first one loads the browser's locale and time-zone data, a long task on a phone).
    if (!data || data.events.length === 0) return;
    const now = new Date();
    const today = localDayOf(now, data.timeZone);
    const joined = new Set(data.events.map((event) => event.id));
    for (const occurrence of eventsStartingToday(data.events, joined, now, data.timeZone)) {
      const key = reminderDismissalKey(occurrence.event.id, today);
      if (dismissedToday(key)) continue;
      const { startTime } = formatEventTime(occurrence.startsAt, occurrence.endsAt, { locale: navigator.language || 'en-US', timeZone: data.timeZone });
      notify({
        id: `event-reminder-${occurrence.event.id}`,
        route: pathname,
        kind: 'info',
        message: `${occurrence.event.title} starts today at ${startTime} — you joined it; details on the Events page (/web/events).`,
        onDismiss: () => rememberDismissal(key),
      });
    }
  }, [data, pathname, notify]);

  return null;
}

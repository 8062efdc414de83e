import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { useAuthUser } from '@/features/auth';
import { eventReminderText, eventsStartingToday, reminderDismissalKey } from '@/domain/events/event-reminders';
import { paths } from '@/domain/routing/paths';
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

/** How often a shown reminder is worded again ("starts in 12 minutes", then "is on now"). */
const RE_WORD_MS = 30_000;

/**
 * Reminders for the events the learner joined, on the day an event starts in their time zone: one
 * notification per event on the page they are on, worded for the moment (eventReminderText) and
 * gone once the event has ended, until they dismiss it for that day. Each one links to its event.
 */
export default function EventReminders() {
  const { id } = useAuthUser();
  const router = useRouter();
  const { notifications, notify, dismiss } = useNotifications();
  const { data } = useQuery(eventRemindersQueryOptions(useEventEndpoints(), id));
  const pathname = router.asPath.split(/[?#]/)[0] ?? router.asPath;
  const hasEvents = (data?.events.length ?? 0) > 0;
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!hasEvents) return;
    const timer = window.setInterval(() => setTick((value) => value + 1), RE_WORD_MS);
    return () => window.clearInterval(timer);
  }, [hasEvents]);

  useEffect(() => {
    // No joined events (most learners): nothing to remind, and no date formatter to build (the
    // first one loads the browser's locale and time-zone data, a long task on a phone).
    if (!data || data.events.length === 0) return;
    const now = new Date();
    const today = localDayOf(now, data.timeZone);
    const joined = new Set(data.events.map((event) => event.id));
    const locale = navigator.language || 'en-US';
    const due = eventsStartingToday(data.events, joined, now, data.timeZone);
    for (const occurrence of due) {
      const key = reminderDismissalKey(occurrence.event.id, today);
      if (dismissedToday(key)) continue;
      const text = eventReminderText(occurrence, now, { locale, timeZone: data.timeZone });
      if (!text) continue;
      notify({
        id: `event-reminder-${occurrence.event.id}`,
        route: pathname,
        kind: 'info',
        message: `${text} You joined it.`,
        link: { href: paths.event(occurrence.event.id), label: 'See the events' },
        onDismiss: () => rememberDismissal(key),
      });
    }
    // An event that ended while its reminder was on screen: the reminder goes (it is over for today).
    const current = new Set(due.map((occurrence) => `event-reminder-${occurrence.event.id}`));
    for (const shown of notifications) if (shown.id.startsWith('event-reminder-') && !current.has(shown.id)) dismiss(shown.id);
  }, [data, pathname, notifications, notify, dismiss, tick]);

  return null;
}

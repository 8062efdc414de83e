import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/router';
import { useEffect, useRef } from 'react';
import { useAuthUser } from '@/features/auth';
import { useNotifications } from '@/app/providers/notification-provider';
import { billingKey, useBillingEndpoints } from '../api/billing-queries';

/** How often the app asks again for notices the server may have sent since (the reminder's day can start mid-visit). */
const NOTICES_STALE_MS = 5 * 60 * 1000;

/**
 * Notices the server sent this learner (the trial reminder before its first charge), shown among
 * the app's notifications on the page they are on. Dismissing one tells the server, so it stays
 * dismissed on every device.
 */
export default function BillingNotices() {
  const { id } = useAuthUser();
  const router = useRouter();
  const { notify } = useNotifications();
  const endpoints = useBillingEndpoints();
  const { data } = useQuery({ queryKey: [...billingKey(id), 'notifications'], queryFn: () => endpoints.notifications(), enabled: id !== null, staleTime: NOTICES_STALE_MS, retry: 1 });
  const pathname = router.asPath.split(/[?#]/)[0] ?? router.asPath;
  const dismissed = useRef(new Set<string>());

  useEffect(() => {
    for (const notice of data?.notifications ?? []) {
      if (dismissed.current.has(notice.id)) continue;
      notify({
        id: `billing-${notice.id}`,
        route: pathname,
        kind: 'info',
        message: notice.message,
        onDismiss: () => {
          dismissed.current.add(notice.id);
          // A failed dismissal only means the notice may show again on the next visit.
          endpoints.dismissNotification(notice.id).catch(() => undefined);
        },
      });
    }
  }, [data, pathname, notify, endpoints]);

  return null;
}

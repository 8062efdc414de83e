import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AnalyticsAndConsent } from '@/features/analytics';
import { AuthUserProvider } from '@/features/auth';
import { BillingNoticesForLearners } from '@/features/billing/shell';
import { EngineerToolbarForEngineers } from '@/features/engineer-toolbar';
import { EventRemindersForLearners } from '@/features/events';
import { createQueryClient } from '@/lib/query-client';
import { NotificationProvider } from './providers/notification-provider';
import { RouteProgressBar } from './providers/progress-bar';
import { RouteHistoryProvider } from './providers/route-history-provider';

/** Everything _app mounts around every page (spec §2, §9). */
export function AppProviders({ userSerialized, children }: { userSerialized?: string; children: ReactNode }) {
  // One client per browser session (and per server render), never shared between users.
  const [queryClient] = useState(createQueryClient);
  return (
    <AuthUserProvider userSerialized={userSerialized}>
      <QueryClientProvider client={queryClient}>
        <RouteHistoryProvider>
          <NotificationProvider>
            <RouteProgressBar />
            {children}
            <EngineerToolbarForEngineers />
            <EventRemindersForLearners />
            <BillingNoticesForLearners />
            <AnalyticsAndConsent />
          </NotificationProvider>
        </RouteHistoryProvider>
      </QueryClientProvider>
    </AuthUserProvider>
  );
}

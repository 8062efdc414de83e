import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userMessageOf } from '@/lib/errors/user-message';
import { useMemo, useState } from 'react';
import { useApiClient, useAuthUser } from '@/features/auth';
import { eventEndpoints, type EventEndpoints } from '@/lib/api-client/event-endpoints';

export const eventRemindersKey = (userId: string | null) => ['user', userId, 'events', 'reminders'] as const;

export function useEventEndpoints(): EventEndpoints {
  const client = useApiClient();
  return useMemo(() => eventEndpoints(client), [client]);
}

/** GET /events/reminders: joined events still ahead; refreshed at most every five minutes. */
export function eventRemindersQueryOptions(endpoints: EventEndpoints, userId: string | null) {
  return queryOptions({ queryKey: eventRemindersKey(userId), queryFn: () => endpoints.reminders(), enabled: userId !== null, staleTime: 5 * 60 * 1000, retry: 1 });
}

/**
 * The learner's RSVPs on the events page, changed optimistically: the button flips at once, the
 * PUT or DELETE follows, and a failure puts the previous answer back with the server's reason.
 */
export function useRsvps(initiallyGoing: readonly string[]) {
  const endpoints = useEventEndpoints();
  const { id } = useAuthUser();
  const queryClient = useQueryClient();
  const [going, setGoing] = useState(() => new Set(initiallyGoing));
  const [failed, setFailed] = useState<{ eventId: string; message: string } | null>(null);

  const mutation = useMutation({
    mutationFn: ({ eventId, join }: { eventId: string; join: boolean }) => (join ? endpoints.join(eventId) : endpoints.leave(eventId)),
    onMutate: ({ eventId, join }) => {
      setFailed(null);
      const previous = going.has(eventId);
      setGoing((current) => {
        const next = new Set(current);
        if (join) next.add(eventId);
        else next.delete(eventId);
        return next;
      });
      return { previous };
    },
    onError: (error, { eventId }, context) => {
      setGoing((current) => {
        const next = new Set(current);
        if (context?.previous) next.add(eventId);
        else next.delete(eventId);
        return next;
      });
      setFailed({ eventId, message: userMessageOf(error, 'Your RSVP could not be changed.') });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventRemindersKey(id) }),
  });

  return {
    going,
    failed,
    pendingEventId: mutation.isPending ? (mutation.variables?.eventId ?? null) : null,
    change: (eventId: string, join: boolean) => mutation.mutate({ eventId, join }),
  };
}

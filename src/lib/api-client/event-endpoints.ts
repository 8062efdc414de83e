import * as z from 'zod/mini';
import type { ApiClient } from './api-client';

/**
 * Events' API v1 (docs/features/events.md). zod/mini: the reminder check runs on every signed-in page
 * other than lessons, in a chunk of its own.
 */

export const rsvpSchema = z.object({ eventId: z.string(), going: z.boolean() });
export type Rsvp = z.infer<typeof rsvpSchema>;

export const eventRemindersSchema = z.object({
  timeZone: z.string(),
  events: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      repeats: z.nullable(z.object({ frequency: z.literal('weekly'), until: z.nullable(z.string()) })),
    }),
  ),
});
export type EventReminders = z.infer<typeof eventRemindersSchema>;

const rsvpPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}/rsvp`;

export function eventEndpoints(client: ApiClient) {
  return {
    join: (eventId: string) => client.request({ method: 'PUT', path: rsvpPath(eventId), errorKey: 'changeRsvp', schema: rsvpSchema }),
    leave: (eventId: string) => client.request({ method: 'DELETE', path: rsvpPath(eventId), errorKey: 'changeRsvp', schema: rsvpSchema }),
    reminders: () => client.request({ path: '/events/reminders', errorKey: 'fetchEventReminders', schema: eventRemindersSchema }),
  };
}

export type EventEndpoints = ReturnType<typeof eventEndpoints>;

import { z } from 'zod';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import { serverEnv } from '@/server/config/server-env';
import type { Services } from '@/server/services/services';

/** The event id from the route (/events/{eventId}/…); its shape is checked by the service (404). */
const eventQuery = z.object({ eventId: z.string().max(200) });
type EventQuery = z.infer<typeof eventQuery>;

/**
 * PUT (or POST) /events/{eventId}/rsvp joins the event, DELETE leaves it: always the caller's own
 * RSVP, idempotent, answering { eventId, going }.
 */
export function eventRsvpRoutes(services: Services): Routes {
  const join = defineEndpoint<EventQuery>({
    access: 'user',
    query: eventQuery,
    handle: async ({ identity, query }) => ({ body: await services.events.join(identity.uid, query.eventId) }),
  });
  return {
    PUT: join,
    POST: join,
    DELETE: defineEndpoint<EventQuery>({
      access: 'user',
      query: eventQuery,
      handle: async ({ identity, query }) => ({ body: await services.events.leave(identity.uid, query.eventId) }),
    }),
  };
}

/** GET /events/reminders: the caller's joined events still ahead, and their time zone. */
export function eventRemindersRoutes(services: Services): Routes {
  return {
    GET: defineEndpoint({
      access: 'user',
      handle: async ({ identity }) => ({ body: await services.events.reminders(identity.uid) }),
    }),
  };
}

/**
 * GET /events/{eventId}/ics: the event as a calendar file (text/calendar), public like the
 * event's content, so an "Add to calendar" link works as a plain download. An unknown id (or one of
 * the wrong shape) is a 404 from the service.
 */
export function eventCalendarRoutes(services: Services, appOrigin = serverEnv().appOrigin): Routes {
  return {
    GET: defineEndpoint<{ eventId: string }>({
      access: 'public',
      query: z.object({ eventId: z.string() }),
      handle: async ({ query }) => {
        const file = await services.events.ics(query.eventId, appOrigin);
        return {
          body: file.body,
          headers: {
            'Content-Type': 'text/calendar; charset=utf-8',
            'Content-Disposition': `attachment; filename="${file.fileName}"`,
            'X-Content-Type-Options': 'nosniff',
            'Cache-Control': 'public, max-age=300',
          },
        };
      },
    }),
  };
}

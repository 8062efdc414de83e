import { z } from 'zod';
import { defineEndpoint, type Routes } from '@/server/http/endpoint';
import type { FileResponse } from '@/server/http/next-file-route';
import { isHttpError } from '@/server/http/http-error';
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
 * event's content, so an "Add to calendar" link works as a plain download.
 */
export async function eventCalendarFile(services: Services, request: { method: string; query: Record<string, string | string[] | undefined> }, appOrigin: string): Promise<FileResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, headers: { Allow: 'GET, HEAD' }, body: { message: `Method ${request.method} is not allowed here. Use GET.` } };
  const eventId = request.query.eventId;
  if (typeof eventId !== 'string') return { status: 422, body: { message: 'Invalid query.eventId: give one event id.' } };
  try {
    const file = await services.events.ics(eventId, appOrigin);
    return {
      status: 200,
      headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.fileName}"`, 'X-Content-Type-Options': 'nosniff' },
      body: file.body,
    };
  } catch (error) {
    if (isHttpError(error)) return { status: error.status, body: { message: error.message } };
    throw error;
  }
}

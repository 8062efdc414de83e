import { eventToIcs } from '@/domain/events/event-ics';
import { isJoinable, nextOccurrence } from '@/domain/events/event-occurrences';
import { isEventId, type CodingEvent } from '@/domain/events/events';
import { isValidTimeZone } from '@/domain/progress/local-day';
import { paths } from '@/domain/routing/paths';
import type { Database } from '@/server/db/client';
import { conflict, notFound } from '@/server/http/http-error';
import { createEventRepository } from '@/server/repositories/event-repository';
import type { ContentService, PublishedContent } from './content-service';

/** What a learner's RSVP looks like from outside: their own state, nothing about anyone else. */
export interface RsvpDto {
  eventId: string;
  going: boolean;
}

/** A joined event that still has an occurrence ahead, for the browser's "starts today" check. */
export interface ReminderEventDto {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  repeats: CodingEvent['repeats'];
}

const NOT_FOUND = 'There is no event with this id. It may have been removed; see /web/events for the current ones.';

/** Events: the published list, the caller's RSVPs, reminders and calendar files. */
export function createEventService(db: Database, content: ContentService, now: () => Date) {
  const repository = createEventRepository(db);

  async function publishedEvent(eventId: string): Promise<CodingEvent> {
    const event = isEventId(eventId) ? (await content.publishedEvents()).find((candidate) => candidate.id === eventId) : undefined;
    if (!event) throw notFound(NOT_FOUND);
    return event;
  }

  /** The page's data: every published event, which of them the learner joined, their time zone (`at`: the request's publish set). */
  async function forLearner(userId: string, at: PublishedContent = content): Promise<{ events: CodingEvent[]; joined: Set<string>; timeZone: string }> {
    const events = await at.publishedEvents();
    const [joined, stored] = await Promise.all([repository.joinedAmong(userId, events.map((event) => event.id)), repository.timeZoneOf(userId)]);
    return { events, joined, timeZone: stored && isValidTimeZone(stored) ? stored : 'UTC' };
  }

  return {
    publishedEvent,
    forLearner,

    /** RSVP: an unknown event is a 404, one that is over a 409; joining twice is the same as once. */
    async join(userId: string, eventId: string): Promise<RsvpDto> {
      const event = await publishedEvent(eventId);
      if (!isJoinable(event, now())) throw conflict(`"${event.title}" is over: you can no longer join it.`);
      await repository.join(userId, event.id, now());
      return { eventId: event.id, going: true };
    },

    /** Leaving is allowed any time (also after the event) and is idempotent. */
    async leave(userId: string, eventId: string): Promise<RsvpDto> {
      const event = await publishedEvent(eventId);
      await repository.leave(userId, event.id);
      return { eventId: event.id, going: false };
    },

    /** The learner's joined events that are not over yet, and the time zone "today" is counted in. */
    async reminders(userId: string): Promise<{ timeZone: string; events: ReminderEventDto[] }> {
      const { events, joined, timeZone } = await forLearner(userId);
      const at = now();
      return {
        timeZone,
        events: events
          .filter((event) => joined.has(event.id) && nextOccurrence(event, at) !== null)
          .map((event) => ({ id: event.id, title: event.title, startsAt: event.startsAt, endsAt: event.endsAt, repeats: event.repeats ?? null })),
      };
    },

    /** The event as an iCalendar file; the whole series for a weekly event. */
    async ics(eventId: string, appOrigin: string): Promise<{ fileName: string; body: string }> {
      const event = await publishedEvent(eventId);
      const url = `${appOrigin}${paths.event(event.id)}`;
      const body = eventToIcs({
        uid: `${event.id}@codetrail-events`,
        title: event.title,
        description: `${event.summary}\n\nHost: ${event.host}\nDetails: ${url}`,
        location: event.location,
        url,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        repeats: event.repeats ?? null,
        stamp: now(),
      });
      return { fileName: `${event.id}.ics`, body };
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;

import { useRouter } from 'next/router';
import { EVENT_KIND_RULES } from '@/domain/events/events';
import { paths } from '@/domain/routing/paths';
import { SignedInShell } from '@/features/auth';
import { mainNavLinks } from '@/lib/navigation/main-nav';
import type { EventCard, EventsPageProps } from '@/lib/events/events-page-props';
import { Alert, Button, PageHeading, PageLead } from '@/ui';
import { Link } from '@/ui/link';
import { useRsvps } from '../api/event-queries';
import { StartTemplateProject } from '../components/start-template-project';
import styles from './events-view.module.css';

interface RsvpState {
  going: boolean;
  pending: boolean;
  error: string | null;
  onChange: (join: boolean) => void;
}

function EventItem({ event, rsvp }: { event: EventCard; rsvp: RsvpState | null }) {
  const titleId = `event-${event.id}-title`;
  return (
    <li>
      <article id={`event-${event.id}`} className={styles.event} aria-labelledby={titleId}>
        <p className={styles.kind}>
          {EVENT_KIND_RULES[event.kind].label}
          {rsvp?.going && <span className={styles.going}>Going</span>}
        </p>
        <h3 id={titleId} className={styles.title}>
          {event.title}
        </h3>
        <p className={styles.when}>
          <time dateTime={event.startsAt}>{event.day}</time>
          <span>{event.time}</span>
          {event.repeatsText && <span className={styles.repeats}>{event.repeatsText}</span>}
        </p>
        <p className={styles.summary}>{event.summary}</p>
        <details className={styles.details}>
          <summary>Details</summary>
          {/* Compiled from the course team's Markdown by the sanitising renderer (raw HTML shown as text). */}
          <div className={styles.description} dangerouslySetInnerHTML={{ __html: event.descriptionHtml }} />
        </details>
        <dl className={styles.facts}>
          <div>
            <dt>Host</dt>
            <dd>{event.host}</dd>
          </div>
          <div>
            <dt>Where</dt>
            <dd>{event.location}</dd>
          </div>
        </dl>
        {event.target?.kind === 'lesson' &&
          (event.target.lock ? (
            <p className={styles.target}>
              Warm up with the lesson “{event.target.title}”. {event.target.lock.line}: <Link href={event.target.lock.href}>continue there</Link>.
            </p>
          ) : (
            <p className={styles.target}>
              Warm up with the lesson <Link href={event.target.href}>{event.target.title}</Link>
            </p>
          ))}
        <div className={styles.actions}>
          {rsvp &&
            (rsvp.going ? (
              <Button variant="secondary" size="sm" loading={rsvp.pending} onClick={() => rsvp.onChange(false)} aria-describedby={titleId}>
                Leave
              </Button>
            ) : (
              <Button size="sm" loading={rsvp.pending} onClick={() => rsvp.onChange(true)} aria-describedby={titleId}>
                Join
              </Button>
            ))}
          {event.joinable && (
            <a className={styles.calendar} href={event.calendarHref} download={`${event.id}.ics`} aria-describedby={titleId}>
              Add to calendar
            </a>
          )}
          {event.joinable && event.target?.kind === 'template' && <StartTemplateProject template={event.target.template} label={event.target.label} eventTitle={event.title} />}
        </div>
        {rsvp?.error && (
          <Alert kind="error" className={styles.error}>
            {rsvp.error}
          </Alert>
        )}
      </article>
    </li>
  );
}

/**
 * /web/events: live workshops, weekly challenges and study sessions. Times arrive formatted in the
 * learner's time zone and locale; joining (RSVP) is optimistic and rolls back on failure.
 */
export default function EventsView({ upcoming, past, timeZone }: EventsPageProps) {
  const router = useRouter();
  const rsvps = useRsvps(upcoming.filter((event) => event.going).map((event) => event.id));
  const rsvpOf = (event: EventCard): RsvpState => ({
    going: rsvps.going.has(event.id),
    pending: rsvps.pendingEventId === event.id,
    error: rsvps.failed?.eventId === event.id ? rsvps.failed.message : null,
    onChange: (join) => rsvps.change(event.id, join),
  });

  return (
    <SignedInShell links={mainNavLinks(router.asPath.split(/[?#]/)[0] ?? '')}>
      <div className={styles.page}>
        <PageHeading kicker="Events" title="Learn together, live" />
        <PageLead>Live workshops, weekly coding challenges and study sessions. Join one and we remind you on the day.</PageLead>
        <p className={styles.zone}>
          Times are in your time zone, {timeZone.replace(/_/g, ' ')}. <Link href={paths.settings()}>Change it in Settings</Link>
        </p>

        <section aria-labelledby="events-upcoming" className={styles.section}>
          <h2 id="events-upcoming">Upcoming</h2>
          {upcoming.length === 0 ? (
            <p>No events are planned right now. New ones appear here as soon as they are announced.</p>
          ) : (
            <ul className={styles.list}>
              {upcoming.map((event) => (
                <EventItem key={event.id} event={event} rsvp={rsvpOf(event)} />
              ))}
            </ul>
          )}
        </section>

        {past.length > 0 && (
          <section aria-labelledby="events-past" className={styles.section}>
            <h2 id="events-past">Past events</h2>
            <ul className={styles.list}>
              {past.map((event) => (
                <EventItem key={event.id} event={event} rsvp={null} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </SignedInShell>
  );
}

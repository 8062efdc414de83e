import type { EventRecurrence } from './events';

/**
 * An event as an iCalendar file (RFC 5545), written by hand: one VEVENT, times in UTC, a weekly
 * RRULE for series. Every TEXT value is escaped and every line folded at 75 octets, so nothing an
 * author writes (newlines, semicolons, commas, emoji) can add a property or break a line.
 */

export interface IcsEvent {
  /** Globally unique and stable: the same event always updates the same calendar entry. */
  uid: string;
  title: string;
  description: string;
  location: string;
  /** An absolute http(s) URL back to the event. */
  url: string;
  startsAt: string;
  endsAt: string;
  repeats: EventRecurrence | null;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** 2026-12-01T18:00:00.000Z → 20261201T180000Z */
export function icsUtc(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new Error(`Not an instant: ${String(instant)}`);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, every line break a literal \n. */
export function escapeIcsText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n')
      // Other control characters are not allowed in TEXT (§3.1): dropped.
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are split, each continuation starting with one space.
 * Splits between characters, never inside a UTF-8 sequence or a surrogate pair.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuations 74 after their leading space.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

function uri(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Not an http(s) URL: ${value}`);
  // URL serialisation percent-encodes spaces, quotes and line breaks: nothing left to escape.
  return url.href;
}

export function eventToIcs(event: IcsEvent): string {
  if (!/^[A-Za-z0-9@._-]{1,200}$/.test(event.uid)) throw new Error('An iCalendar UID is letters, digits and @._- only');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Codetrail//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.startsAt)}`,
    `DTEND:${icsUtc(event.endsAt)}`,
    ...(event.repeats ? [`RRULE:FREQ=WEEKLY${event.repeats.until ? `;UNTIL=${icsUtc(event.repeats.until)}` : ''}`] : []),
    `SUMMARY:${escapeIcsText(event.title)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    `URL:${uri(event.url)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

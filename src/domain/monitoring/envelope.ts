import { isJsonObject, type JsonObject } from '@/domain/json/json-object';

/**
 * Sentry's envelope format (https://develop.sentry.dev/sdk/data-model/envelopes/): a JSON header
 * line, then items, each a JSON header line and a payload of `length` bytes (or up to the next
 * newline). The tunnel reads only the header; the local receiver and the tests read the items.
 */

const NEWLINE = 0x0a;
/** An envelope header is a few hundred bytes; a first line longer than this is not one. */
const MAX_HEADER_BYTES = 16 * 1024;

export interface EnvelopeItem {
  header: JsonObject;
  payload: Uint8Array;
}

export interface Envelope {
  header: JsonObject;
  items: EnvelopeItem[];
}

const decoder = new TextDecoder('utf-8', { fatal: false });

function parseObject(bytes: Uint8Array): JsonObject | null {
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

function lineEnd(bytes: Uint8Array, from: number): number {
  const end = bytes.indexOf(NEWLINE, from);
  return end === -1 ? bytes.length : end;
}

/** The envelope's header (its first line), or null when the body does not start with one. */
export function envelopeHeader(bytes: Uint8Array): JsonObject | null {
  const end = lineEnd(bytes, 0);
  if (end === 0 || end > MAX_HEADER_BYTES) return null;
  return parseObject(bytes.subarray(0, end));
}

/** The whole envelope, or null when any part of it does not parse. */
export function parseEnvelope(bytes: Uint8Array): Envelope | null {
  const header = envelopeHeader(bytes);
  if (!header) return null;
  const items: EnvelopeItem[] = [];
  let position = lineEnd(bytes, 0) + 1;
  while (position < bytes.length) {
    const headerEnd = lineEnd(bytes, position);
    if (headerEnd === position) {
      // A trailing newline.
      position += 1;
      continue;
    }
    const itemHeader = parseObject(bytes.subarray(position, headerEnd));
    if (!itemHeader) return null;
    const start = headerEnd + 1;
    const length = itemHeader.length;
    let end: number;
    if (typeof length === 'number') {
      if (!Number.isInteger(length) || length < 0 || start + length > bytes.length) return null;
      end = start + length;
    } else {
      end = lineEnd(bytes, Math.min(start, bytes.length));
    }
    items.push({ header: itemHeader, payload: bytes.subarray(Math.min(start, bytes.length), end) });
    position = end + 1;
  }
  return { header, items };
}

/** An item's payload as JSON (events, transactions, sessions), or undefined for another kind. */
export function itemJson(item: EnvelopeItem): unknown {
  try {
    return JSON.parse(decoder.decode(item.payload)) as unknown;
  } catch {
    return undefined;
  }
}

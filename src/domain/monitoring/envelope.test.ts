import { envelopeHeader, itemJson, parseEnvelope } from './envelope';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('envelopeHeader', () => {
  it.each([
    ['a header line', '{"dsn":"https://k@o1.ingest.sentry.io/2","event_id":"e"}\n{"type":"event"}\n{}', { dsn: 'https://k@o1.ingest.sentry.io/2', event_id: 'e' }],
    ['a header alone, no newline', '{"sent_at":"now"}', { sent_at: 'now' }],
    ['not JSON', 'hello\n{}', null],
    ['a JSON array', '["dsn"]\n{}', null],
    ['an empty first line', '\n{"dsn":"x"}', null],
    ['an empty body', '', null],
  ])('%s', (_why, text, expected) => {
    expect(envelopeHeader(bytes(text))).toEqual(expected);
  });

  it('refuses a first line far longer than a header', () => {
    expect(envelopeHeader(bytes(`{"dsn":"${'a'.repeat(20_000)}"}\n`))).toBeNull();
  });
});

describe('parseEnvelope', () => {
  it('reads items with and without a length, and binary-safe lengths', () => {
    const text = '{"event_id":"e"}\n{"type":"event","length":13}\n{"message":1}\n{"type":"session"}\n{"sid":"s"}\n{"type":"attachment","length":2}\nä\n';
    const envelope = parseEnvelope(bytes(text));
    expect(envelope?.header).toEqual({ event_id: 'e' });
    expect(envelope?.items.map((item) => item.header.type)).toEqual(['event', 'session', 'attachment']);
    expect(itemJson(envelope!.items[0]!)).toEqual({ message: 1 });
    expect(itemJson(envelope!.items[1]!)).toEqual({ sid: 's' });
    expect(envelope!.items[2]!.payload.length).toBe(2);
  });

  it('reads an envelope whose last item has no trailing newline', () => {
    expect(parseEnvelope(bytes('{}\n{"type":"event"}\n{"a":1}'))?.items.map((item) => itemJson(item))).toEqual([{ a: 1 }]);
  });

  it.each([
    ['a bad item header', '{}\n{type}\n{}'],
    ['a length past the end', '{}\n{"type":"event","length":99}\n{}'],
    ['a negative length', '{}\n{"type":"event","length":-1}\n{}'],
    ['no header', 'x'],
  ])('refuses %s', (_why, text) => {
    expect(parseEnvelope(bytes(text))).toBeNull();
  });
});

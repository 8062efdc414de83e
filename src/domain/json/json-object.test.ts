import { isJsonObject, parseJsonObject, parseJsonValue } from './json-object';

describe('isJsonObject', () => {
  it.each<[string, unknown, boolean]>([
    ['an object', { a: 1 }, true],
    ['an empty object', {}, true],
    ['an object without a prototype', Object.create(null) as unknown, true],
    ['parsed JSON object', JSON.parse('{"route":"/web"}') as unknown, true],
    ['null', null, false],
    ['undefined', undefined, false],
    ['an array', [1, 2], false],
    ['an empty array', [], false],
    ['a string', '{"a":1}', false],
    ['a number', 42, false],
    ['a boolean', true, false],
    ['a Date', new Date(0), false],
    ['a Map', new Map(), false],
    ['a class instance', new (class Thing {})(), false],
    ['a function', () => undefined, false],
  ])('%s → %s', (_name, value, expected) => {
    expect(isJsonObject(value)).toBe(expected);
  });
});

describe('parseJsonObject', () => {
  it.each<[string, string | null | undefined, unknown]>([
    ['an object', '{"kind":"info","n":1}', { kind: 'info', n: 1 }],
    ['nothing', undefined, null],
    ['null', null, null],
    ['empty text', '', null],
    ['the JSON null', 'null', null],
    ['an array', '[{"a":1}]', null],
    ['a number', '12', null],
    ['a string', '"text"', null],
    ['broken JSON', '{"a":', null],
    ['a cookie left URL-encoded', '%7B%22a%22%3A1%7D', null],
    ['__proto__ stays data, not a prototype', '{"__proto__":{"polluted":true}}', { ['__proto__']: { polluted: true } }],
  ])('%s', (_name, text, expected) => {
    const parsed = parseJsonObject(text);
    expect(parsed).toEqual(expected);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseJsonValue', () => {
  it.each<[string | null | undefined, unknown]>([
    ['[1,2]', [1, 2]],
    ['{"a":1}', { a: 1 }],
    ['nope', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s', (text, expected) => {
    expect(parseJsonValue(text)).toEqual(expected);
  });
});

/** @jest-environment node */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Keygrip from 'keygrip';
import { rememberingKeygrip } from './remembering-keygrip';

const KEYS = ['current-key-0123456789abcdef', 'older-key-0123456789abcdef'];
const reference = new Keygrip(KEYS);
const older = new Keygrip([KEYS[1]!]);

describe('rememberingKeygrip', () => {
  afterEach(() => jest.restoreAllMocks());

  it("signs as Keygrip does and finds the key that signed, the older one during a rotation", () => {
    const keys = rememberingKeygrip(KEYS);
    expect(keys.sign('Codetrail=abc')).toBe(reference.sign('Codetrail=abc'));
    expect(keys.index('Codetrail=abc', reference.sign('Codetrail=abc'))).toBe(0);
    expect(keys.index('Codetrail=abc', older.sign('Codetrail=abc'))).toBe(1);
    expect(keys.verify('Codetrail=abc', older.sign('Codetrail=abc'))).toBe(true);
  });

  it('answers a signature it has verified from memory, without another HMAC', () => {
    const keys = rememberingKeygrip(KEYS);
    const digest = reference.sign('Codetrail=abc');
    expect(keys.index('Codetrail=abc', digest)).toBe(0);
    const hmac = jest.spyOn(crypto, 'createHmac');
    expect(keys.index('Codetrail=abc', digest)).toBe(0);
    expect(keys.verify('Codetrail=abc', digest)).toBe(true);
    expect(hmac).not.toHaveBeenCalled();
  });

  it.each([
    ['a wrong signature', 'Codetrail=abc', 'not-a-signature'],
    ['a signature of other text', 'Codetrail=abd', reference.sign('Codetrail=abc')],
    ['a signature by a key it does not have', 'Codetrail=abc', new Keygrip(['someone-else']).sign('Codetrail=abc')],
    ['an empty signature', 'Codetrail=abc', ''],
  ])('refuses %s and remembers nothing of it', (_label, data, digest) => {
    const keys = rememberingKeygrip(KEYS);
    expect(keys.index(data, digest)).toBe(-1);
    expect(keys.verify(data, digest)).toBe(false);
    expect(keys.size).toBe(0);
  });

  it('refuses other text sent with a remembered signature (the whole text is compared), and checks it with Keygrip', () => {
    const keys = rememberingKeygrip(KEYS);
    const digest = reference.sign('Codetrail=abc');
    keys.index('Codetrail=abc', digest);
    const hmac = jest.spyOn(crypto, 'createHmac');
    expect(keys.index('Codetrail=abcd', digest)).toBe(-1);
    expect(keys.index('Codetrail=ab', digest)).toBe(-1);
    expect(hmac).toHaveBeenCalled();
    expect(keys.index('Codetrail=abc', digest)).toBe(0);
  });

  it('keeps at most maxEntries signatures, dropping the oldest', () => {
    const keys = rememberingKeygrip(KEYS, 2);
    for (const value of ['a', 'b', 'c']) keys.index(`Codetrail=${value}`, reference.sign(`Codetrail=${value}`));
    expect(keys.size).toBe(2);
    const hmac = jest.spyOn(crypto, 'createHmac');
    keys.index('Codetrail=c', reference.sign('Codetrail=c'));
    expect(hmac).toHaveBeenCalledTimes(1); // only the reference's own sign call
    hmac.mockClear();
    keys.index('Codetrail=a', reference.sign('Codetrail=a'));
    expect(hmac.mock.calls.length).toBeGreaterThan(1); // forgotten: verified again
  });

  // The contract next-firebase-auth relies on: the `cookies` package (0.8, the version it bundles)
  // takes any object with Keygrip's methods as `keys`, reads signed cookies through `index` and
  // re-signs a cookie signed by an older key with `sign`.
  it('works as the keys of the cookies package: signed cookies read, tampered ones refused, old keys re-signed', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Cookies = require('cookies') as new (req: IncomingMessage, res: ServerResponse, options: { keys: unknown }) => { get(name: string, options: { signed: boolean }): string | undefined };
    const read = (cookie: string) => {
      const headers: string[] = [];
      const res = { getHeader: () => headers, setHeader: (_name: string, value: string[]) => headers.splice(0, headers.length, ...value) } as unknown as ServerResponse;
      const req = { headers: { cookie }, connection: {} } as unknown as IncomingMessage;
      return { value: new Cookies(req, res, { keys: rememberingKeygrip(KEYS) }).get('Codetrail', { signed: true }), headers };
    };
    const value = 'eyJ0b2tlbiI6InRva2VuIn0';
    expect(read(`Codetrail=${value}; Codetrail.sig=${reference.sign(`Codetrail=${value}`)}`)).toEqual({ value, headers: [] });
    expect(read(`Codetrail=${value}x; Codetrail.sig=${reference.sign(`Codetrail=${value}`)}`).value).toBeUndefined();
    const rotated = read(`Codetrail=${value}; Codetrail.sig=${older.sign(`Codetrail=${value}`)}`);
    expect(rotated.value).toBe(value);
    expect(rotated.headers.join(';')).toContain(`Codetrail.sig=${reference.sign(`Codetrail=${value}`)}`);
  });
});

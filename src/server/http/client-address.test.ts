import { clientAddress } from './client-address';

describe('clientAddress', () => {
  const request = (forwarded: string | string[] | undefined, remoteAddress: string | undefined) => ({ headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress } }) as unknown as Parameters<typeof clientAddress>[0];

  it.each([
    ['the socket without a proxy', request('203.0.113.9', '10.0.0.1'), false, '10.0.0.1'],
    ['the last forwarded entry behind a trusted proxy', request('198.51.100.1, 203.0.113.9', '10.0.0.1'), true, '203.0.113.9'],
    ['the first of repeated headers', request(['203.0.113.9', '198.51.100.1'], '10.0.0.1'), true, '203.0.113.9'],
    ['the socket when the proxy sent nothing', request(undefined, '10.0.0.1'), true, '10.0.0.1'],
    ['unknown without either', request(undefined, undefined), true, 'unknown'],
  ])('%s', (_case, req, trustProxy, expected) => {
    expect(clientAddress(req, trustProxy)).toBe(expected);
  });
});

import { crossSiteRefusal, type OriginHeaders } from './same-origin-request';

const APP = 'https://codetrail.example';
const headers = (partial: Partial<OriginHeaders>): OriginHeaders => ({ origin: undefined, secFetchSite: undefined, host: 'codetrail.example', ...partial });

describe('crossSiteRefusal', () => {
  it.each<[string, Partial<OriginHeaders>, ReturnType<typeof crossSiteRefusal>]>([
    ['our own page', { origin: APP, secFetchSite: 'same-origin' }, null],
    ['our own page, host header only', { origin: 'http://localhost:3000', host: 'localhost:3000' }, null],
    ['a client without browser headers (curl, server to server)', {}, null],
    ['a navigation typed by the user', { secFetchSite: 'none' }, null],
    ['another site', { origin: 'https://evil.example', secFetchSite: 'cross-site' }, 'cross-site-fetch'],
    ['a sibling subdomain (a shared project preview)', { origin: 'https://p-42.codetrail.example', secFetchSite: 'same-site' }, 'cross-site-fetch'],
    ['another site on an old browser without Sec-Fetch-Site', { origin: 'https://evil.example' }, 'foreign-origin'],
    ['a look-alike host', { origin: 'https://codetrail.example.evil.example' }, 'foreign-origin'],
    ['the same host on another port', { origin: 'https://codetrail.example:8443' }, 'foreign-origin'],
    ['a sandboxed frame', { origin: 'null' }, 'opaque-origin'],
    ['a malformed origin', { origin: 'not a url' }, 'foreign-origin'],
  ])('%s', (_label, given, expected) => {
    expect(crossSiteRefusal(headers(given), APP)).toBe(expected);
  });
});

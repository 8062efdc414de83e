import { sandboxAssetOrigin } from './sandbox-origin';

describe('sandboxAssetOrigin', () => {
  it.each([
    ['the public host', 'codetrail.app', 'https://codetrail.app', 'https://codetrail.app'],
    ['the public host, any case', 'CodeTrail.app', 'https://codetrail.app', 'https://codetrail.app'],
    ['the public host with its port', 'localhost:3100', 'http://localhost:3100', 'http://localhost:3100'],
    ['127.0.0.1 while the origin says localhost', '127.0.0.1:3000', 'http://localhost:3000', 'http://127.0.0.1:3000'],
    ['localhost on another port', 'localhost:3300', 'http://127.0.0.1:3300', 'http://localhost:3300'],
    ['IPv6 loopback', '[::1]:3000', 'http://localhost:3000', 'http://[::1]:3000'],
    ['an unknown host', 'evil.example', 'https://codetrail.app', 'https://codetrail.app'],
    ['a loopback-looking subdomain', 'localhost.evil.example', 'https://codetrail.app', 'https://codetrail.app'],
    ['a host with a path', 'localhost/evil', 'https://codetrail.app', 'https://codetrail.app'],
    ['a host with credentials', 'a@localhost', 'https://codetrail.app', 'https://codetrail.app'],
    ['a source list injection', "localhost 'unsafe-inline'", 'https://codetrail.app', 'https://codetrail.app'],
    ['a directive injection', 'localhost;script-src', 'https://codetrail.app', 'https://codetrail.app'],
    ['no Host header', undefined, 'https://codetrail.app', 'https://codetrail.app'],
  ])('%s', (_why, host, appOrigin, expected) => {
    expect(sandboxAssetOrigin(host, appOrigin)).toBe(expected);
  });
});

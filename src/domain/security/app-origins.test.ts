import { appOrigins } from './app-origins';

describe('appOrigins: who may frame a project preview', () => {
  it.each<[string, string, boolean, string[]]>([
    ['local at localhost: 127.0.0.1 on the same port too', 'http://localhost:3300', true, ['http://localhost:3300', 'http://127.0.0.1:3300']],
    ['local at 127.0.0.1: localhost on the same port too', 'http://127.0.0.1:3100', true, ['http://127.0.0.1:3100', 'http://localhost:3100']],
    ['local without a port (80)', 'http://localhost', true, ['http://localhost', 'http://127.0.0.1']],
    ['a trailing slash is the same origin', 'http://localhost:3000/', true, ['http://localhost:3000', 'http://127.0.0.1:3000']],
    ['production: only the configured origin', 'https://codetrail.app', false, ['https://codetrail.app']],
    ['production at localhost still refuses the other spelling', 'http://localhost:3300', false, ['http://localhost:3300']],
    ['local but https: no plain-http extras', 'https://localhost:3300', true, ['https://localhost:3300']],
    ['local on a LAN name: only that name', 'http://devbox.lan:3000', true, ['http://devbox.lan:3000']],
  ])('%s', (_, origin, local, expected) => {
    expect(appOrigins(origin, { local })).toEqual(expected);
  });
});

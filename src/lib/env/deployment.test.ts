import { lessonRoutePrefix } from './deployment';

describe('lessonRoutePrefix on the server', () => {
  afterEach(() => {
    delete process.env.DEPLOYMENT_KIND;
  });

  it.each([
    [undefined, '/web'],
    ['standard', '/web'],
    ['preview', '/ssr'],
    // server-env.ts refuses to start with it; nothing here may turn it into /ssr by accident
    ['something-else', '/web'],
  ])('DEPLOYMENT_KIND=%s gives %s', (kind, prefix) => {
    if (kind !== undefined) process.env.DEPLOYMENT_KIND = kind;
    expect(lessonRoutePrefix()).toBe(prefix);
  });

  it('is read when asked, not when the module loaded (one build serves both kinds)', () => {
    expect(lessonRoutePrefix()).toBe('/web');
    process.env.DEPLOYMENT_KIND = 'preview';
    expect(lessonRoutePrefix()).toBe('/ssr');
  });
});

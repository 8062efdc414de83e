import { LESSON_PREFIX_ATTRIBUTE, lessonRoutePrefix } from './deployment';

describe('lessonRoutePrefix in the browser', () => {
  afterEach(() => document.documentElement.removeAttribute(LESSON_PREFIX_ATTRIBUTE));

  it.each([
    [null, '/web'],
    ['/web', '/web'],
    ['/ssr', '/ssr'],
    ['javascript:alert(1)', '/web'],
  ])('<html %s> gives %s', (value, prefix) => {
    if (value !== null) document.documentElement.setAttribute(LESSON_PREFIX_ATTRIBUTE, value);
    expect(lessonRoutePrefix()).toBe(prefix);
  });

  it('follows what the server wrote on <html>, not the environment', () => {
    process.env.DEPLOYMENT_KIND = 'preview';
    try {
      expect(lessonRoutePrefix()).toBe('/web');
    } finally {
      delete process.env.DEPLOYMENT_KIND;
    }
  });
});

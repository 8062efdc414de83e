import { paths } from './paths';

describe('paths', () => {
  it.each([
    [paths.login(), '/web/login'],
    [paths.login('/web/progress'), '/web/login?redirectUrl=%2Fweb%2Fprogress'],
    [paths.register(null), '/web/register'],
    [paths.section('python', 2), '/web/python/section/2'],
    [paths.activeSection('a b'), '/web/a%20b/section/active'],
    [paths.previewVerify('html'), '/web/preview/verify?track=html'],
    [paths.previewVerify(), '/web/preview/verify'],
    [paths.build(), '/web/build'],
    [paths.buildProject('abcdefghijklmnopqrst'), '/web/build/abcdefghijklmnopqrst'],
    [paths.buildProject('abcdefghijklmnopqrst', '/web/python/section/2'), '/web/build/abcdefghijklmnopqrst?backlink=%2Fweb%2Fpython%2Fsection%2F2'],
    [paths.sharedProject('abcdefghijklmnopqrst'), '/web/shared/abcdefghijklmnopqrst'],
    [paths.withQuery('/x', { a: 1, b: undefined, c: false, d: true }), '/x?a=1&d=true'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

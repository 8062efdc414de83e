/**
 * @jest-environment node
 */
// The server's render of a link (no window): ours must be next/link's, byte for byte, so that the
// browser hydrates next/link over it.
// The reference this test compares with.
// eslint-disable-next-line no-restricted-imports
import NextLink from 'next/link';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { isPlainPath, Link, serverAnchor } from './link';

/** The router a pages-router page gets on the server (Next's ServerRouter), on the lesson page. */
const serverRouter = {
  route: '/web/track/[trackId]/tutorial/[tutorialId]/chapter/[chapterId]/learn',
  pathname: '/web/track/[trackId]/tutorial/[tutorialId]/chapter/[chapterId]/learn',
  query: { trackId: 'python', tutorialId: 'python-basics', chapterId: 'first-steps', lesson: '0' },
  asPath: '/web/track/python/tutorial/python-basics/chapter/first-steps/learn?lesson=0',
  basePath: '',
  isFallback: false,
  isReady: true,
  isPreview: false,
  isLocaleDomain: false,
  locale: undefined,
  locales: undefined,
  defaultLocale: undefined,
  domainLocales: undefined,
  push: async () => true,
  replace: async () => true,
  reload: () => undefined,
  back: () => undefined,
  forward: () => undefined,
  prefetch: async () => undefined,
  beforePopState: () => undefined,
  events: { on: () => undefined, off: () => undefined, emit: () => undefined },
} as unknown as NextRouter;

function Probe({ label }: { label: string }) {
  return <span id={useId()}>{label}</span>;
}

/** A page fragment around the link, with useId before, inside and after it: ids must not shift. */
function page(link: ReactNode): string {
  return renderToString(
    <RouterContext.Provider value={serverRouter}>
      <nav>
        <Probe label="before" />
        {link}
        <Probe label="after" />
      </nav>
    </RouterContext.Provider>,
  );
}

const linkProps = (href: ComponentProps<typeof NextLink>['href']) => ({
  href,
  className: 'lesson-view_close__7Hirn',
  'aria-label': 'Leave the lesson',
  'data-testid': 'close',
  target: '_self',
  onClick: () => undefined,
  onMouseEnter: () => undefined,
  scroll: false,
  replace: true,
  children: (
    <>
      Back <Probe label="inside" />
    </>
  ),
});

const PLAIN = [
  '/',
  '/web/python/section/0',
  '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=2',
  '/settings#theme',
  '/web/leaderboard?week=2026-W48&tab=top+ten',
  '/search?q=%41%zz',
  '/files/a-b_c.d~e',
  '/?lesson=1',
];
const OTHER = [
  '/web/',
  '/web//python',
  '/web/./python',
  '/web/../python',
  '/web/..',
  '/web/.',
  'section/0',
  '?lesson=1',
  '#hints',
  '',
  '//evil.example/path',
  'https://example.com/x',
  'mailto:help@example.com',
  '/a b',
  '/a?x=<y>',
  '/café',
  '/web/[trackId]',
  '/a\\b',
];

describe('the app link on the server', () => {
  it.each(PLAIN)('renders %j without next/link, exactly as next/link does', (href) => {
    expect(isPlainPath(href)).toBe(true);
    expect(serverAnchor(linkProps(href))).not.toBeNull();
    expect(page(<Link {...linkProps(href)} />)).toBe(page(<NextLink prefetch={false} {...linkProps(href)} />));
  });

  it.each(OTHER)('leaves %j to next/link', (href) => {
    // next/link itself logs an invalid href (`//`, `\\`) in development builds; that is its answer.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(isPlainPath(href)).toBe(false);
    expect(serverAnchor(linkProps(href))).toBeNull();
    expect(page(<Link {...linkProps(href)} />)).toBe(page(<NextLink prefetch={false} {...linkProps(href)} />));
    for (const [message] of logged.mock.calls) expect(String(message)).toMatch(/^Invalid href/);
    logged.mockRestore();
  });

  it('leaves object hrefs, `as`, locales and legacyBehavior to next/link', () => {
    const objectHref = { pathname: '/web/python/section/[index]', query: { index: '0' } };
    expect(serverAnchor(linkProps(objectHref))).toBeNull();
    expect(page(<Link {...linkProps(objectHref)} />)).toBe(page(<NextLink prefetch={false} {...linkProps(objectHref)} />));
    expect(serverAnchor({ ...linkProps('/web/python/section/[index]'), as: '/web/python/section/0' })).toBeNull();
    expect(serverAnchor({ ...linkProps('/web'), locale: 'de' })).toBeNull();
    expect(serverAnchor({ href: '/web', legacyBehavior: true, children: <a>Web</a> })).toBeNull();
  });

  it.each(['__NEXT_ROUTER_BASEPATH', '__NEXT_I18N_SUPPORT'])('leaves every link to next/link when the build sets %s', (setting) => {
    const before = process.env[setting];
    process.env[setting] = setting === '__NEXT_ROUTER_BASEPATH' ? '/docs' : 'true';
    try {
      expect(serverAnchor(linkProps('/web/python/section/0'))).toBeNull();
    } finally {
      if (before === undefined) delete process.env[setting];
      else process.env[setting] = before;
    }
    expect(serverAnchor(linkProps('/web/python/section/0'))).not.toBeNull();
  });

  it('keeps the anchor props next/link passes on and drops the ones it consumes', () => {
    const html = page(<Link {...linkProps('/web/python/section/0')} />);
    expect(html).toContain('<a class="lesson-view_close__7Hirn" aria-label="Leave the lesson" data-testid="close" target="_self" href="/web/python/section/0">');
    expect(html).not.toMatch(/scroll|replace|prefetch/);
  });
});

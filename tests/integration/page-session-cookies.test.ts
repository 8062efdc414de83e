import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from 'next';
import { AuthAction, setAuthCookies, withUserTokenSSR } from 'next-firebase-auth';
import type { DatabaseHandle } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { ensureServerAuth } from '@/server/auth/server-auth';
import { SESSION_ID_COOKIE } from '@/server/auth/session-id-cookie';
import { withSession } from '@/server/gssp/with-session';
import type { Services } from '@/server/services/services';
import { openPublishedDatabase } from './support/database';
import { emulatorUser } from './support/emulator';

/**
 * withSession reads the user a page's signed session cookies name itself (cookieSession, with
 * next-firebase-auth's getUserFromCookies) instead of through next-firebase-auth's withUserTokenSSR.
 * With real signed cookies for an emulator user, it must hand the browser exactly what
 * withUserTokenSSR does, treat a tampered signature as a visitor, and, for a session ended on the
 * server, refuse it and hand on a signed-out user (withUserTokenSSR handed on the cookie's user).
 */
let handle: DatabaseHandle;
let services: Services;

beforeAll(async () => {
  ({ handle, services } = await openPublishedDatabase());
  // withSession asks getServices() for the process's services: these, over the test database
  // (services.ts keeps them in this global slot).
  const slot = (globalThis as { __codetrailServices?: { current?: Promise<Services> } }).__codetrailServices;
  if (!slot) throw new Error('services.ts no longer keeps its services in globalThis.__codetrailServices');
  slot.current = Promise.resolve(services);
});

afterAll(async () => {
  await services.checks.close();
  await handle.close();
});

/** The Cookie header a browser sends after signing in with this token (next-firebase-auth's own cookies). */
async function signedInCookies(idToken: string): Promise<string> {
  ensureServerAuth();
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  await setAuthCookies(req as unknown as NextApiRequest, res as unknown as NextApiResponse, { token: idToken });
  return [res.getHeader('Set-Cookie') ?? []]
    .flat()
    .map((cookie) => String(cookie).split(';')[0])
    .join('; ');
}

function context(cookie: string) {
  const req = new IncomingMessage(new Socket());
  req.headers.cookie = cookie;
  const res = new ServerResponse(req);
  return { req, res, query: {}, params: {}, resolvedUrl: '/web/library' } as unknown as GetServerSidePropsContext;
}

const page = withSession({ whenUnauthed: 'render', whenAuthed: 'render' }, async (_context, user) => ({ props: { seen: user?.id ?? null } }));
const reference = withUserTokenSSR({ whenAuthed: AuthAction.RENDER, whenUnauthed: AuthAction.RENDER })(async () => ({ props: {} }));

async function propsOf(getProps: typeof page | typeof reference, cookie: string): Promise<Record<string, unknown>> {
  const result = await getProps(context(cookie));
  if (!('props' in result)) throw new Error(`expected props, got ${JSON.stringify(result)}`);
  return (await result.props) as Record<string, unknown>;
}

const serializedUser = (props: Record<string, unknown>) => JSON.parse(String(props.userSerialized)) as { id: string | null; _token: string | null };

describe('withSession reads the signed session cookies as withUserTokenSSR does', () => {
  let uid: string;
  let cookie: string;

  beforeAll(async () => {
    const learner = await emulatorUser({ displayName: 'Ada Cookie' });
    uid = learner.uid;
    await handle.db.insert(users).values({ id: uid, email: learner.email });
    const session = await services.sessions.start(uid, 60_000);
    cookie = `${await signedInCookies(learner.idToken)}; ${SESSION_ID_COOKIE}=${session}`;
  });

  it("hands the browser exactly withUserTokenSSR's serialized user, every time", async () => {
    const expected = (await propsOf(reference, cookie)).userSerialized;
    expect(serializedUser({ userSerialized: expected })).toMatchObject({ id: uid });
    for (const round of [1, 2, 3]) {
      const props = await propsOf(page, cookie);
      expect({ round, seen: props.seen, userSerialized: props.userSerialized }).toEqual({ round, seen: uid, userSerialized: expected });
    }
  });

  it('a tampered signature is a visitor, as for withUserTokenSSR', async () => {
    const tampered = cookie.replace(/(Codetrail\.AuthUserTokens\.sig=)(.)/, (_all, name: string, first: string) => `${name}${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(cookie);
    const props = await propsOf(page, tampered);
    expect(props.seen).toBeNull();
    expect(props.userSerialized).toBe((await propsOf(reference, tampered)).userSerialized);
    expect(serializedUser(props)).toMatchObject({ id: null, _token: null });
  });

  it('a session ended on the server is refused at once, and the page gets a signed-out user', async () => {
    const learner = await emulatorUser();
    await handle.db.insert(users).values({ id: learner.uid, email: learner.email });
    const session = await services.sessions.start(learner.uid, 60_000);
    const cookies = `${await signedInCookies(learner.idToken)}; ${SESSION_ID_COOKIE}=${session}`;
    expect((await propsOf(page, cookies)).seen).toBe(learner.uid);

    await services.sessions.endAllFor(learner.uid);
    const refused = context(cookies);
    const result = await page(refused);
    if (!('props' in result)) throw new Error('expected props');
    const props = (await result.props) as unknown as Record<string, unknown>;
    expect(props.seen).toBeNull();
    expect(serializedUser(props)).toMatchObject({ id: null, _token: null });
    const cleared = [refused.res.getHeader('Set-Cookie') ?? []].flat().map(String);
    expect(cleared.some((entry) => entry.startsWith('Codetrail.AuthUserTokens=;'))).toBe(true);
    expect(cleared.some((entry) => entry.startsWith(`${SESSION_ID_COOKIE}=;`))).toBe(true);
  });

  it('a visitor with no cookies gets the same signed-out user as from withUserTokenSSR', async () => {
    const props = await propsOf(page, '');
    expect(props.seen).toBeNull();
    expect(props.userSerialized).toBe((await propsOf(reference, '')).userSerialized);
  });
});

import { parseBacklink } from '@/domain/build/backlink';
import { isRandomId } from '@/domain/build/project-dto';
import { paths } from '@/domain/routing/paths';
import { MACHINE_ID_PATTERN } from '@/domain/machines/machine-rules';
import { z } from 'zod';
import type { BuildPageProps, MachinePageProps, MachineSignInPageProps, ProjectPageProps, SharedPageProps } from '@/lib/build/build-page-props';
import { LOGIN_BINDING_PATTERN } from '@/server/machines/login-token';
import { BIND_REFUSED } from '@/server/services/machine-service';
import { serverEnv } from '@/server/config/server-env';
import { isHttpError } from '@/server/http/http-error';
import { getServices } from '@/server/services/services';
import { withSession } from './with-session';

/**
 * /web/build/{id}?backlink=: the project itself loads in the browser (local-first, as lessons);
 * the server checks the id's shape and the back-link. A back-link that is neither a build path nor
 * a section-details path is refused with an error page (status 400), never followed.
 */
/** The page's back-link: the build area when absent; an error (the page answers 400) when not allowed. */
function backlinkOf(raw: string | string[] | undefined): { ok: true; path: string } | { ok: false; message: string } {
  if (raw === undefined) return { ok: true, path: paths.build() };
  const parsed = parseBacklink(Array.isArray(raw) ? raw[0] : raw);
  return parsed.kind === 'error' ? { ok: false, message: parsed.message } : { ok: true, path: parsed.path };
}

export const projectPage = withSession<ProjectPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context) => {
  const id = typeof context.params?.id === 'string' ? context.params.id : '';
  if (!isRandomId(id)) return { notFound: true };
  const backlink = backlinkOf(context.query.backlink);
  if (!backlink.ok) {
    context.res.statusCode = 400;
    return { props: { kind: 'invalid-backlink', message: backlink.message } };
  }
  return { props: { kind: 'project', projectId: id, backlink: backlink.path, previewTemplate: serverEnv().preview.template } };
});

/** /web/build: the learner's projects and machines (the machines open in the instance app). */
export const buildPage = withSession<BuildPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async () => ({
  props: { instanceOrigin: serverEnv().machines.instanceOrigin },
}));

/** /web/build/machines/{id}?backlink=: the same back-link rule as projects. */
export const machinePage = withSession<MachinePageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context) => {
  const id = typeof context.params?.id === 'string' ? context.params.id : '';
  if (!MACHINE_ID_PATTERN.test(id)) return { notFound: true };
  const backlink = backlinkOf(context.query.backlink);
  if (!backlink.ok) {
    context.res.statusCode = 400;
    return { props: { kind: 'invalid-backlink', message: backlink.message } };
  }
  return { props: { kind: 'machine', machineId: id, backlink: backlink.path, instanceOrigin: serverEnv().machines.instanceOrigin } };
});

const signInQuery = z.object({
  token: z.string().min(1).max(1024),
  binding: z.string().regex(LOGIN_BINDING_PATTERN),
  flow: z.string().regex(/^[A-Za-z0-9_-]{12}$/),
  redirect: z.string().max(2000).optional(),
});

/**
 * /web/build/machines/sign-in?token&binding&flow&redirect: the instance app's /login sends the
 * learner's browser here with its login token and the hash of a nonce it set in that browser. The
 * token is bound to that browser only when it is the signed-in learner's own, and the browser goes
 * back to the instance app's /login/confirmed; otherwise the page says why and nothing opens (a
 * token someone else made, planted in this browser, is login CSRF). Signed out: the login page,
 * back here after.
 */
export const machineSignInPage = withSession<MachineSignInPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (context, user) => {
  context.res.setHeader('Cache-Control', 'private, no-store');
  context.res.setHeader('Referrer-Policy', 'no-referrer');
  const query = signInQuery.safeParse(Object.fromEntries(Object.entries(context.query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value])));
  if (!user || !query.success) {
    context.res.statusCode = 400;
    return { props: { message: BIND_REFUSED.invalid } };
  }
  const bound = (await getServices()).machines.bindLoginToken(user.id, query.data.token, query.data.binding);
  if (!bound.ok) {
    context.res.statusCode = 403;
    return { props: { message: bound.message } };
  }
  const next = new URL('/login/confirmed', serverEnv().machines.instanceOrigin);
  next.searchParams.set('token', bound.token);
  next.searchParams.set('flow', query.data.flow);
  if (query.data.redirect) next.searchParams.set('redirect', query.data.redirect);
  return { redirect: { destination: next.toString(), permanent: false } };
});

/** /web/shared/{id}: anyone may open it, signed in or not; 404 once the owner stops sharing. */
export const sharedPage = withSession<SharedPageProps>({ whenUnauthed: 'render', whenAuthed: 'render' }, async (context, user) => {
  const id = typeof context.params?.id === 'string' ? context.params.id : '';
  try {
    const { project, viewerIsOwner } = await (await getServices()).projects.sharedFor(user?.id ?? null, id);
    const env = serverEnv();
    // Shared pages change when their author saves: never cached by a proxy for long.
    context.res.setHeader('Cache-Control', 'private, no-store');
    return { props: { project, viewerIsOwner, previewTemplate: env.preview.template, url: `${env.appOrigin}${paths.sharedProject(id)}` } };
  } catch (error) {
    if (isHttpError(error, 404)) return { notFound: true };
    throw error;
  }
});

import type { OnboardingChatPageProps } from '@/lib/onboarding/onboarding-page-props';
import { paths } from '@/domain/routing/paths';
import type { PublishSetRecord } from '@/server/repositories/content-repository';
import { getServices, type Services } from '@/server/services/services';
import { withSession } from './with-session';

/**
 * Where /onboarding-check sends a signed-in learner. Learners with finished lessons go on to
 * their active section; learners who have not finished the onboarding chat go to it; the others
 * to the active section of the track the chat recommended (issue 17).
 */
export async function onboardingDestination(services: Pick<Services, 'learning' | 'onboarding' | 'content'>, userId: string, publishSet?: PublishSetRecord): Promise<string> {
  const last = await services.learning.lastCompletion(userId);
  if (last) return paths.activeSection(last.trackId);
  const onboarding = await services.onboarding.state(userId);
  if (onboarding.status !== 'done') return paths.onboardingChat();
  const start = await services.onboarding.startFor(onboarding.answers, services.content.asOf(publishSet));
  return start ? paths.activeSection(start.trackId) : paths.library();
}

/** /onboarding-check: only ever redirects (see onboardingDestination). */
export const onboardingCheckPage = withSession({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (_context, user, snapshot) => {
  if (!user) return { notFound: true };
  return { redirect: { destination: await onboardingDestination(await getServices(), user.id, snapshot.publishSet), permanent: false } };
});

/** /web/onboarding/chat: the chat, resumed from the stored answers (learners may come back to it). */
export const onboardingChatPage = withSession<OnboardingChatPageProps>({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' }, async (_context, user, snapshot) => {
  if (!user) return { notFound: true };
  const services = await getServices();
  const [initial, published] = await Promise.all([services.onboarding.state(user.id), services.content.asOf(snapshot.publishSet).publishedTracks()]);
  return { props: { initial, tracks: published.map(({ track }) => ({ id: track.id, title: track.title })) } };
});

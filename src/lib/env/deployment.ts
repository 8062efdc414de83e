import { deploymentKindOf, lessonRoutePrefixOf, type LessonRoutePrefix } from '@/domain/routing/deployment';

/** The attribute of <html> that tells the browser the deployment's lesson prefix (pages/_document.tsx). */
export const LESSON_PREFIX_ATTRIBUTE = 'data-lesson-prefix';

/**
 * The prefix of every lesson link the app makes: /ssr on a preview deployment (DEPLOYMENT_KIND,
 * read when the server runs, so one build serves both kinds), /web otherwise. The server reads the
 * variable (server-env.ts refuses a wrong one at start); the browser reads what the server wrote on
 * <html>, so a page renders the same links on both sides.
 */
export function lessonRoutePrefix(): LessonRoutePrefix {
  if (typeof document === 'undefined') return lessonRoutePrefixOf(deploymentKindOf(process.env.DEPLOYMENT_KIND) ?? 'standard');
  return document.documentElement.getAttribute(LESSON_PREFIX_ATTRIBUTE) === '/ssr' ? '/ssr' : '/web';
}

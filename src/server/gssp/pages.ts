import { withSession } from './with-session';

/** Login and registration: visitors see the form; signed-in users go on into the app. */
export const authFormPage = withSession({ whenUnauthed: 'render', whenAuthed: 'redirect-to-app' });

/** The landing page: visitors see it; signed-in learners go on into the app. */
export const visitorPage = withSession({ whenUnauthed: 'render', whenAuthed: 'redirect-to-app' });

/** Pages for everyone in any state (password reset). */
export const publicPage = withSession({ whenUnauthed: 'render', whenAuthed: 'render' });

/** Every signed-in page. */
export const protectedPage = withSession({ whenUnauthed: 'redirect-to-login', whenAuthed: 'render' });

import { z } from 'zod';

/**
 * The name other learners see (leaderboards): the one chosen on the profile, else the name the
 * identity carries, else "Learner" and the id's last four characters — never (part of) an email.
 */
export function shownName(user: { id: string; publicName: string | null; displayName: string | null }): string {
  return user.publicName?.trim() || user.displayName?.trim() || `Learner ${user.id.slice(-4).toUpperCase()}`;
}

export const PUBLIC_NAME_MAX = 40;

// Letters, marks, digits, spaces and a little punctuation: no control or format characters, no
// markup, nothing that can imitate another line of a leaderboard.
const ALLOWED = /^[\p{L}\p{M}\p{N} .'’\-_]+$/u;

/** What a learner may choose as their name shown to others. */
export const publicNameSchema = z
  .string({ error: 'displayName must be text' })
  .transform((value) => value.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(2, 'Your name needs at least 2 characters.')
      .max(PUBLIC_NAME_MAX, `Your name can have at most ${PUBLIC_NAME_MAX} characters.`)
      .regex(ALLOWED, 'Use letters, digits, spaces and . \' - _ only.')
      .refine((value) => !value.includes('@'), 'Your name cannot be an email address.'),
  );

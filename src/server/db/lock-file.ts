import { z } from 'zod';

/**
 * The rules of the embedded database's lock file, kept free of file and process calls so they
 * can be tested as tables. PGlite has no lock of its own: two processes on one folder corrupt it
 * for good, so every opener takes this lock first (see data-dir-lock.ts).
 */

export const lockInfoSchema = z.object({
  pid: z.number().int().positive(),
  command: z.string(),
  startedAt: z.iso.datetime(),
  /** Field 22 of /proc/<pid>/stat when the holder wrote the lock: tells a reused pid from the holder. */
  processStart: z.number().int().nonnegative().nullable(),
  /** Random; a holder hands the lock to a child it starts by passing this in its environment. */
  token: z.string().min(16),
});

export type LockInfo = z.infer<typeof lockInfoSchema>;

export function formatLockFile(info: LockInfo): string {
  return `${JSON.stringify(info)}\n`;
}

/** null when the file is empty, half written or not ours to read. */
export function parseLockFile(text: string): LockInfo | null {
  try {
    const parsed = lockInfoSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What this process can find out about the pid a lock names. */
export interface HolderFacts {
  alive: boolean;
  /** Its start time now (null when /proc is not there to ask). */
  processStart: number | null;
  /** Whether it is this process's parent, grandparent… */
  isAncestor: boolean;
}

export interface SelfFacts {
  pid: number;
  /** The token a parent handed down through the environment, if any. */
  handoffToken: string | null;
}

/**
 * - `stale`: the holder is gone (or its pid now belongs to another process): take it over.
 * - `handed-over`: an ancestor holds it and handed it to this process (npm start → Next).
 * - `held`: someone else has the database open: refuse.
 */
export type LockVerdict = 'stale' | 'handed-over' | 'held';

export function judgeLock(lock: LockInfo | null, holder: HolderFacts, self: SelfFacts): LockVerdict {
  if (!lock) return 'stale';
  // A lock naming this very pid is held by this process only if the start time agrees: in a
  // container the restarted app often gets the pid its crashed predecessor had.
  if (!holder.alive) return 'stale';
  if (lock.processStart !== null && holder.processStart !== null && lock.processStart !== holder.processStart) return 'stale';
  if (lock.pid !== self.pid && self.handoffToken !== null && self.handoffToken === lock.token && holder.isAncestor) return 'handed-over';
  return 'held';
}

/** The fields after the command name of /proc/<pid>/stat (the name may hold spaces and parentheses). */
function statFields(stat: string): string[] | null {
  const end = stat.lastIndexOf(')');
  if (end < 0) return null;
  return stat.slice(end + 2).trim().split(/\s+/);
}

/** Field 22, starttime: clock ticks after boot; with the pid it names one process for good. */
export function processStartFromStat(stat: string): number | null {
  const value = statFields(stat)?.[19];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

/** Field 4, the parent's pid. */
export function parentPidFromStat(stat: string): number | null {
  const value = statFields(stat)?.[1];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

const MAX_COMMAND_LENGTH = 160;

// `next dev` serves from a child it forks from one of its internal files; the parent's command
// line ("next dev --port 3000") is what a person would recognise.
const INTERNAL_NEXT_ENTRY = /[\\/]next[\\/]dist[\\/]server[\\/]/;

/** "npm start: next start --port 3000" — how a person would recognise the process. */
export function describeCommand(argv: readonly string[], npmLifecycleEvent: string | undefined, parentArgv: readonly string[] | null = null): string {
  const shown = INTERNAL_NEXT_ENTRY.test(argv[1] ?? '') && parentArgv && parentArgv.length > 1 ? parentArgv : argv;
  const script = shown[1] ? (shown[1].split(/[\\/]/).pop() ?? shown[1]) : (shown[0] ?? 'node');
  const command = [script, ...shown.slice(2)].join(' ');
  const npm = npmLifecycleEvent ? `${['start', 'test'].includes(npmLifecycleEvent) ? 'npm' : 'npm run'} ${npmLifecycleEvent}: ` : '';
  const text = `${npm}${command}`;
  return text.length > MAX_COMMAND_LENGTH ? `${text.slice(0, MAX_COMMAND_LENGTH - 1)}…` : text;
}

const two = (value: number) => String(value).padStart(2, '0');

/** The holder's start as local wall-clock time, with the date when it is not today. */
export function formatSince(startedAt: Date, now: Date): string {
  const time = `${two(startedAt.getHours())}:${two(startedAt.getMinutes())}:${two(startedAt.getSeconds())}`;
  const sameDay = startedAt.getFullYear() === now.getFullYear() && startedAt.getMonth() === now.getMonth() && startedAt.getDate() === now.getDate();
  return sameDay ? time : `${startedAt.getFullYear()}-${two(startedAt.getMonth() + 1)}-${two(startedAt.getDate())} ${time}`;
}

/** The one sentence a refused opener prints. */
export function inUseSentence(folder: string, holder: LockInfo, now: Date): string {
  return (
    `The embedded database in ${folder} is in use by process ${holder.pid} (${holder.command}) since ${formatSince(new Date(holder.startedAt), now)}. ` +
    'Stop it first, or set DATABASE_URL to use PostgreSQL.'
  );
}

/**
 * The build area's rules beyond files: how many projects a learner keeps, titles, snapshots and
 * how long a deleted project can be brought back. Pure: every clock is an argument.
 */

export const MAX_PROJECTS_PER_LEARNER = 100;
export const MAX_SNAPSHOTS_PER_PROJECT = 50;
/** Saves closer together than this share one automatic snapshot. */
export const AUTO_SNAPSHOT_INTERVAL_MS = 10 * 60 * 1000;
/** A deleted project can be restored for this long; after it, it is gone for good. */
export const DELETE_UNDO_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
export const TITLE_MAX_LENGTH = 80;
export const SNAPSHOT_LABEL_MAX_LENGTH = 60;

export const PROJECT_SOURCES = ['template', 'duplicate', 'remix', 'guided'] as const;
/**
 * Where a project came from; its source ref says from what: the template's name, the duplicated
 * or remixed project's id, the guided project's tutorial id.
 */
export type ProjectSource = (typeof PROJECT_SOURCES)[number];

export const SNAPSHOT_KINDS = ['auto', 'manual', 'before-restore'] as const;
export type SnapshotKind = (typeof SNAPSHOT_KINDS)[number];

export interface SnapshotKindRule {
  /** Shown in the history list when the snapshot has no label. */
  label: string;
  /** When a project has too many snapshots, lower ranks go first (oldest first within a rank). */
  pruneRank: number;
}

export const SNAPSHOT_KIND_RULES: Record<SnapshotKind, SnapshotKindRule> = {
  auto: { label: 'Saved automatically', pruneRank: 0 },
  'before-restore': { label: 'Before restoring an earlier version', pruneRank: 1 },
  manual: { label: 'Saved by you', pruneRank: 2 },
};

// Control, format (bidirectional overrides, zero-width) and separator characters other than the space.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export type TextVerdict = { ok: true; value: string } | { ok: false; message: string };

function cleanText(raw: string, what: string, max: number): TextVerdict {
  const value = raw.normalize('NFC').replace(/[ \t\n\r]+/g, ' ').trim();
  if (value.length === 0) return { ok: false, message: `The ${what} can't be empty.` };
  if (UNPRINTABLE.test(value)) return { ok: false, message: `The ${what} contains a character that can't be shown.` };
  if (Array.from(value).length > max) return { ok: false, message: `The ${what} can be at most ${max} characters long.` };
  return { ok: true, value };
}

/** A project's title: spaces tidied, 1 to TITLE_MAX_LENGTH characters, nothing unprintable. */
export function cleanProjectTitle(raw: string): TextVerdict {
  return cleanText(raw, 'title', TITLE_MAX_LENGTH);
}

/** A snapshot's optional label: the same rule as titles, shorter. */
export function cleanSnapshotLabel(raw: string): TextVerdict {
  return cleanText(raw, 'label', SNAPSHOT_LABEL_MAX_LENGTH);
}

function shorten(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('').trimEnd()}…`;
}

/** A title made from other text (a tutorial's title): tidied, shortened with an ellipsis, else `fallback`. */
export function fitTitle(raw: string, fallback: string): string {
  const cleaned = cleanText(raw, 'title', Number.MAX_SAFE_INTEGER);
  return cleaned.ok ? shorten(cleaned.value, TITLE_MAX_LENGTH) : fallback;
}

/** "Copy of …", shortened with an ellipsis so it stays a valid title. */
export function copyTitle(title: string): string {
  const prefix = 'Copy of ';
  return prefix + shorten(title, TITLE_MAX_LENGTH - prefix.length);
}

/**
 * Whether a save at `now` takes an automatic snapshot: the first save, or the first one at least
 * AUTO_SNAPSHOT_INTERVAL_MS after the last automatic snapshot. A last snapshot in the future (a clock
 * set back) waits until that time has passed.
 */
export function autoSnapshotDue(lastAutoSnapshotAt: Date | null, now: Date): boolean {
  if (!lastAutoSnapshotAt) return true;
  return now.getTime() - lastAutoSnapshotAt.getTime() >= AUTO_SNAPSHOT_INTERVAL_MS;
}

export interface SnapshotRef {
  id: string;
  kind: SnapshotKind;
  createdAt: Date;
}

/**
 * Which snapshots to delete so at most `keep` remain: automatic ones first, then the ones taken
 * before a restore, then the learner's own, oldest first within each kind.
 */
export function snapshotsToPrune(snapshots: readonly SnapshotRef[], keep: number = MAX_SNAPSHOTS_PER_PROJECT): string[] {
  const excess = snapshots.length - keep;
  if (excess <= 0) return [];
  return [...snapshots]
    .sort((a, b) => SNAPSHOT_KIND_RULES[a.kind].pruneRank - SNAPSHOT_KIND_RULES[b.kind].pruneRank || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .slice(0, excess)
    .map((snapshot) => snapshot.id);
}

/** Until when a project deleted at `deletedAt` can be restored. */
export function undoDeadline(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + DELETE_UNDO_WINDOW_MS);
}

/** Whether a project deleted at `deletedAt` can still be restored at `now`. */
export function canUndoDelete(deletedAt: Date, now: Date): boolean {
  return now.getTime() < undoDeadline(deletedAt).getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days left to restore a project deleted at `deletedAt`, counted up (a project with 3 hours
 * left has 1 day left); 0 once it can no longer be restored.
 */
export function daysLeftToRestore(deletedAt: Date, now: Date): number {
  const left = undoDeadline(deletedAt).getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

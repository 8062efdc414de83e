import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Track } from '@/domain/content/model';

/** A learner or course engineer, synced from the identity token on their first API call. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email'),
  displayName: text('display_name'),
  roles: text('roles').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per app visit (spec §7: POST /user/visits with appName web). */
export const userVisits = pgTable(
  'user_visits',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appName: text('app_name').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_visits_user_id_visited_at_idx').on(table.userId, table.visitedAt)],
);

/** A numbered snapshot of all published content. */
export const publishSets = pgTable('publish_sets', {
  version: serial('version').primaryKey(),
  contentHash: text('content_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One immutable version of a track's compiled content; a new one only when the track changed. */
export const trackVersions = pgTable(
  'track_versions',
  {
    trackId: text('track_id').notNull(),
    version: integer('version').notNull(),
    contentHash: text('content_hash').notNull(),
    data: jsonb('data').$type<Track>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.trackId, table.version] })],
);

/** Which track versions a publish set contains. */
export const publishSetTracks = pgTable(
  'publish_set_tracks',
  {
    publishSetVersion: integer('publish_set_version')
      .notNull()
      .references(() => publishSets.version, { onDelete: 'cascade' }),
    trackId: text('track_id').notNull(),
    trackVersion: integer('track_version').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.publishSetVersion, table.trackId] })],
);

export interface StoredFile {
  name: string;
  content: string;
}

/** A learner's latest files for a lesson (last write wins), with the version they were written against. */
export const savedFiles = pgTable(
  'saved_files',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id').notNull(),
    trackId: text('track_id').notNull(),
    chapterId: text('chapter_id').notNull(),
    publishSetVersion: integer('publish_set_version').notNull(),
    files: jsonb('files').$type<StoredFile[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] }), index('saved_files_user_chapter_idx').on(table.userId, table.chapterId)],
);

/** The first completion of a lesson per learner; recording it again changes nothing. */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id').notNull(),
    trackId: text('track_id').notNull(),
    tutorialId: text('tutorial_id').notNull(),
    chapterId: text('chapter_id').notNull(),
    mode: text('mode').notNull(),
    attempts: integer('attempts').notNull(),
    usedHints: boolean('used_hints').notNull(),
    publishSetVersion: integer('publish_set_version').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] }), index('lesson_completions_user_track_idx').on(table.userId, table.trackId)],
);

export const schema = { users, userVisits, publishSets, trackVersions, publishSetTracks, savedFiles, lessonCompletions };

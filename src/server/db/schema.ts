import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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

export const schema = { users, userVisits };

import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ProjectFile } from '@/domain/build/project-templates';
import type { Track } from '@/domain/content/model';
import type { GlossaryEntry } from '@/domain/glossary/glossary';
import type { CodingEvent } from '@/domain/events/events';
import type { OnboardingAnswers } from '@/domain/onboarding/onboarding-chat';
import { DEFAULT_DAILY_GOAL } from '@/domain/progress/daily-goal';

/** A learner or course engineer, synced from the identity token on their first API call. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email'),
  displayName: text('display_name'),
  /** The name shown to others (leaderboards), chosen on the profile; null: the identity's name. */
  publicName: text('public_name'),
  roles: text('roles').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set at sign-out: identity tokens from sign-ins before this time are refused (docs/security.md). */
  sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
});

/**
 * A signed-in browser session (the page cookies). The cookie holds a random id; only its SHA-256
 * is stored, so the table alone never yields a usable cookie. Deleted at sign-out, which is what
 * makes a copied cookie worthless afterwards.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Fixed-window counters of the rate limits, shared by every app process through the database. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] }), index('rate_limit_counters_window_idx').on(table.windowStart)],
);

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
  /** Issue 17: the HTML glossary of this publish set (null: none). */
  glossary: jsonb('glossary').$type<GlossaryEntry[]>(),
  /** Issue 17: the events of this publish set (null: none). */
  events: jsonb('events').$type<CodingEvent[]>(),
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

/** One row per learner: habit-loop settings and counters (docs/progress-rules.md). */
export const learnerProgress = pgTable('learner_progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** The zone before the latest change: settling missed days uses the earlier "today" of the two. */
  previousTimeZone: text('previous_time_zone'),
  dailyGoal: text('daily_goal').notNull().default(DEFAULT_DAILY_GOAL),
  totalXp: integer('total_xp').notNull().default(0),
  freezesHeld: integer('freezes_held').notNull().default(0),
  goalDaysTowardFreeze: integer('goal_days_toward_freeze').notNull().default(0),
  streakCelebratedOn: text('streak_celebrated_on'),
  goalCelebratedOn: text('goal_celebrated_on'),
  leagueTier: integer('league_tier').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every XP award, once per (learner, key): completing a lesson twice never double-counts. */
export const xpEvents = pgTable(
  'xp_events',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    kind: text('kind').notNull(),
    xp: integer('xp').notNull(),
    reason: text('reason').notNull(),
    /** The learner's local day the award counts for. */
    localDay: text('local_day').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventKey] }), index('xp_events_user_day_idx').on(table.userId, table.localDay)],
);

/** The streak history: every day counted, frozen or restored, with why. */
export const streakDays = pgTable(
  'streak_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** Days the learner met their daily goal (each counts once toward a streak freeze). */
export const goalDays = pgTable(
  'goal_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    goalXp: integer('goal_xp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** A weekly league group of up to 30 learners in one tier. */
export const leagueGroups = pgTable(
  'league_groups',
  {
    id: serial('id').primaryKey(),
    weekStart: text('week_start').notNull(),
    tier: integer('tier').notNull(),
    members: integer('members').notNull().default(0),
  },
  (table) => [index('league_groups_open_idx').on(table.weekStart, table.tier, table.members)],
);

/** A learner's standing in one week's group. */
export const leagueMembers = pgTable(
  'league_members',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: text('week_start').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => leagueGroups.id, { onDelete: 'cascade' }),
    tier: integer('tier').notNull(),
    xp: integer('xp').notNull().default(0),
    /** When the current XP was reached: earlier wins a tie. */
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.weekStart] }),
    index('league_members_standings_idx').on(table.groupId, sql`${table.xp} DESC`, table.reachedAt),
    index('league_members_week_idx').on(table.weekStart),
  ],
);

/** Weeks whose promotions and demotions were applied (the row is the lock: rollover runs once). */
export const leagueWeeks = pgTable('league_weeks', {
  weekStart: text('week_start').primaryKey(),
  rolledOverAt: timestamp('rolled_over_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A learner's own project in the build area (docs/decisions.md D72: build area). The id is random and
 * unguessable: it is also the share link. Deleting sets deleted_at (restorable for 30 days); a
 * guided project's row is never removed, so it is imported once per learner (the unique index).
 */
export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    language: text('language').notNull(),
    files: jsonb('files').$type<ProjectFile[]>().notNull(),
    /** Kept beside files so the project list never reads the files themselves. */
    fileCount: integer('file_count').notNull(),
    preview: text('preview').notNull(),
    /** Up by one with every change of the files. */
    revision: integer('revision').notNull().default(1),
    /** template | duplicate | remix | guided */
    source: text('source').notNull(),
    /** The template's name, the copied project's id, or the guided project's tutorial id. */
    sourceRef: text('source_ref'),
    /**
     * A remix's credit, written by the server when the remix is made (never from a request): the
     * original's id, title and author's shown name then. A duplicate of a remix keeps it.
     */
    remixedFromId: text('remixed_from_id'),
    remixedFromTitle: text('remixed_from_title'),
    remixedFromAuthor: text('remixed_from_author'),
    shared: boolean('shared').notNull().default(false),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('projects_owner_idx').on(table.ownerId, table.updatedAt),
    uniqueIndex('projects_owner_guided_idx').on(table.ownerId, table.sourceRef).where(sql`"source" = 'guided'`),
  ],
);

/** Earlier versions of a project's files: automatic (at most one per 10 minutes of saves), the learner's own, and before each restore. */
export const projectSnapshots = pgTable(
  'project_snapshots',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** auto | manual | before-restore */
    kind: text('kind').notNull(),
    label: text('label'),
    files: jsonb('files').$type<ProjectFile[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('project_snapshots_project_idx').on(table.projectId, table.createdAt)],
);

/** Learners' machines (docs/machines.md): the row is the truth about a machine's state across app restarts. */
export const machines = pgTable(
  'machines',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** node-web | python | linux */
    template: text('template').notNull(),
    /** starting | running | stopping | stopped | error */
    state: text('state').notNull().default('stopped'),
    /** The driver that made it (local | kubernetes). */
    driver: text('driver').notNull(),
    /** The driver's handle of the running machine (a pid, a pod name). */
    runtimeRef: text('runtime_ref'),
    /** Shared with the machine's agent; never sent to a browser. */
    agentKey: text('agent_key').notNull(),
    /** Why the last start failed, in a sentence. */
    lastError: text('last_error'),
    diskBytes: integer('disk_bytes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (table) => [index('machines_owner_idx').on(table.ownerId, table.createdAt), index('machines_state_idx').on(table.state, table.lastActiveAt)],
);

/** Login tokens for the instance app: the row makes each token single use (its id is the token's jti). */
export const machineLoginTokens = pgTable('machine_login_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  machineId: text('machine_id')
    .notNull()
    .references(() => machines.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Billing (issue 15): the provider's customer of each learner (Stripe's `cus_…`, or the local provider's). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    /** Local provider only: the test card on file (succeeds | fails-at-renewal). */
    testCard: text('test_card'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('billing_customers_customer_idx').on(table.provider, table.customerId)],
);

/** A checkout we started: remembers who, which plan, and where to go afterwards (never taken from the redirect). */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's session id (Stripe's `cs_…`); the local provider uses this row's id. */
    providerSessionId: text('provider_session_id'),
    planId: text('plan_id').notNull(),
    /** web | web2app */
    flow: text('flow').notNull(),
    /** Checked when the checkout started: an app path (web) or an app link (web2app); null: the default. */
    redirectUrl: text('redirect_url'),
    trackingReferer: text('tracking_referer'),
    trialDays: integer('trial_days').notNull().default(0),
    /** open | complete | expired */
    status: text('status').notNull().default('open'),
    subscriptionId: text('subscription_id'),
    /**
     * The consent cookie of the request that started the checkout: the webhook that later records
     * the purchase in analytics has no cookie of the learner's, so it follows this choice.
     */
    analyticsConsent: boolean('analytics_consent').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('billing_checkouts_user_idx').on(table.userId, table.createdAt), uniqueIndex('billing_checkouts_provider_session_idx').on(table.provider, table.providerSessionId)],
);

/** Subscriptions as the provider's webhooks last described them (src/domain/billing/subscription-state.ts). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    planId: text('plan_id').notNull(),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** `created` (seconds) of the event this snapshot came from: older ones are ignored. */
    snapshotCreated: bigint('snapshot_created', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId), index('subscriptions_status_period_idx').on(table.status, table.currentPeriodEnd)],
);

/** What a learner is entitled to, derived from their subscriptions at every event: one row read per gate. */
export const entitlements = pgTable('entitlements', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Pro until then; null: not Pro. */
  proUntil: timestamp('pro_until', { withTimezone: true }),
  state: text('state').notNull(),
  subscriptionId: text('subscription_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Payments (an invoice each): receipts on the billing page, refunds within the window. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subscriptionId: text('subscription_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** failed | paid | refunded (only ever forward) */
    status: text('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    paymentIntentId: text('payment_intent_id'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    number: text('number'),
    receiptUrl: text('receipt_url'),
  },
  (table) => [index('payments_user_idx').on(table.userId, table.paidAt), index('payments_intent_idx').on(table.paymentIntentId)],
);

/** Every webhook event processed, by the provider's event id: a replay is acknowledged and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  /** The event's own time (seconds). */
  created: bigint('created', { mode: 'number' }).notNull(),
  userId: text('user_id'),
  /** applied | ignored (older snapshot, unknown learner, unhandled type) */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notices the server sends a learner (the trial reminder before its first charge), shown in the app
 * until dismissed. The id names what it is about (`trial-reminder:<subscription>:<charge day>`), so
 * sending it twice is one row.
 */
export const learnerNotifications = pgTable(
  'learner_notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    /** An app path the notice points to (Settings → Billing), or null. */
    href: text('href'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (table) => [index('learner_notifications_user_idx').on(table.userId, table.createdAt)],
);

/** Issue 16: who saw which variant of a running experiment, once per experiment and bucket. */
export const experimentExposures = pgTable(
  'experiment_exposures',
  {
    experiment: text('experiment').notNull(),
    /** The bucket the variant came from: a signed-in learner's `u:<uid>`, or a visitor's cookie id. */
    bucketId: text('bucket_id').notNull(),
    variant: text('variant').notNull(),
    userId: text('user_id'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.experiment, table.bucketId] }), index('experiment_exposures_variant_idx').on(table.experiment, table.variant)],
);

/** Issue 16: a learner's or engineer's "Report a problem" with a lesson. */
export const lessonReports = pgTable(
  'lesson_reports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: text('track_id').notNull(),
    tutorialId: text('tutorial_id').notNull(),
    chapterId: text('chapter_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    mode: text('mode').notNull(),
    note: text('note').notNull(),
    files: jsonb('files').$type<{ name: string; userContent: string }[]>().notNull(),
    output: text('output').notNull(),
    browser: jsonb('browser').$type<{ userAgent: string; language: string; viewport: string; theme?: 'light' | 'dark' }>().notNull(),
    /** new | fixed | wont-fix */
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('lesson_reports_status_created_idx').on(table.status, table.createdAt), index('lesson_reports_user_idx').on(table.userId)],
);

/**
 * Issue 16: analytics events kept by Codetrail itself (the default destination; course engineers
 * view them). Only events the catalogue allows, sent after analytics consent; kept 30 days.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    path: text('path'),
    userId: text('user_id'),
    anonymousId: text('anonymous_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Server-recorded business events only (`purchase:<checkoutId>` …): each real event is one row, however often its webhook comes. */
    dedupeKey: text('dedupe_key'),
  },
  (table) => [
    index('analytics_events_received_idx').on(table.receivedAt),
    index('analytics_events_name_idx').on(table.name, table.receivedAt),
    uniqueIndex('analytics_events_dedupe_idx').on(table.dedupeKey),
  ],
);

/** Issue 17: a learner's onboarding chat answers; a row exists once they answered or skipped. */
export const onboardingAnswers = pgTable('onboarding_answers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<OnboardingAnswers>().notNull(),
  /** Set when the learner reached the recommendation (or skipped): onboarding is done. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
  skipped: boolean('skipped').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Issue 17: a learner joined an event (RSVP); removed when they leave it. */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventId] }), index('event_rsvps_event_idx').on(table.eventId)],
);

/**
 * Issue 18: counters every app process reads with the current publish set, so a change made in
 * one process reaches the others on their next request (`content-cache`: preview's clear cache).
 */
export const appCounters = pgTable('app_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

export const schema = { users, sessions, rateLimitCounters, userVisits, publishSets, trackVersions, publishSetTracks, savedFiles, lessonCompletions, learnerProgress, xpEvents, streakDays, goalDays, leagueGroups, leagueMembers, leagueWeeks, projects, projectSnapshots, machines, machineLoginTokens, billingCustomers, billingCheckouts, subscriptions, entitlements, payments, billingEvents, learnerNotifications, experimentExposures, lessonReports, analyticsEvents, onboardingAnswers, eventRsvps, appCounters };

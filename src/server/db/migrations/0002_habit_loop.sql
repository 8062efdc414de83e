CREATE TABLE "goal_days" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"goal_xp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goal_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "league_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"week_start" text NOT NULL,
	"tier" integer NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "league_members" (
	"user_id" text NOT NULL,
	"week_start" text NOT NULL,
	"group_id" integer NOT NULL,
	"tier" integer NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_members_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "league_weeks" (
	"week_start" text PRIMARY KEY NOT NULL,
	"rolled_over_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_progress" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"previous_time_zone" text,
	"daily_goal" text DEFAULT 'regular' NOT NULL,
	"total_xp" integer DEFAULT 0 NOT NULL,
	"freezes_held" integer DEFAULT 0 NOT NULL,
	"goal_days_toward_freeze" integer DEFAULT 0 NOT NULL,
	"streak_celebrated_on" text,
	"goal_celebrated_on" text,
	"league_tier" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streak_days" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streak_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "xp_events" (
	"user_id" text NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"xp" integer NOT NULL,
	"reason" text NOT NULL,
	"local_day" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_events_user_id_event_key_pk" PRIMARY KEY("user_id","event_key")
);
--> statement-breakpoint
ALTER TABLE "goal_days" ADD CONSTRAINT "goal_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_group_id_league_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."league_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_progress" ADD CONSTRAINT "learner_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_days" ADD CONSTRAINT "streak_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_events" ADD CONSTRAINT "xp_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_groups_open_idx" ON "league_groups" USING btree ("week_start","tier","members");--> statement-breakpoint
CREATE INDEX "league_members_standings_idx" ON "league_members" USING btree ("group_id","xp" DESC,"reached_at");--> statement-breakpoint
CREATE INDEX "league_members_week_idx" ON "league_members" USING btree ("week_start");--> statement-breakpoint
CREATE INDEX "xp_events_user_day_idx" ON "xp_events" USING btree ("user_id","local_day");
CREATE TABLE "lesson_completions" (
	"user_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"track_id" text NOT NULL,
	"tutorial_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"mode" text NOT NULL,
	"attempts" integer NOT NULL,
	"used_hints" boolean NOT NULL,
	"publish_set_version" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_completions_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "publish_set_tracks" (
	"publish_set_version" integer NOT NULL,
	"track_id" text NOT NULL,
	"track_version" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "publish_set_tracks_publish_set_version_track_id_pk" PRIMARY KEY("publish_set_version","track_id")
);
--> statement-breakpoint
CREATE TABLE "publish_sets" (
	"version" serial PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_files" (
	"user_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"track_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"publish_set_version" integer NOT NULL,
	"files" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_files_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "track_versions" (
	"track_id" text NOT NULL,
	"version" integer NOT NULL,
	"content_hash" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_versions_track_id_version_pk" PRIMARY KEY("track_id","version")
);
--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_set_tracks" ADD CONSTRAINT "publish_set_tracks_publish_set_version_publish_sets_version_fk" FOREIGN KEY ("publish_set_version") REFERENCES "public"."publish_sets"("version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_files" ADD CONSTRAINT "saved_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_completions_user_track_idx" ON "lesson_completions" USING btree ("user_id","track_id");--> statement-breakpoint
CREATE INDEX "saved_files_user_chapter_idx" ON "saved_files" USING btree ("user_id","chapter_id");
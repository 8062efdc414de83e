CREATE TABLE "lesson_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"track_id" text NOT NULL,
	"tutorial_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"mode" text NOT NULL,
	"note" text NOT NULL,
	"files" jsonb NOT NULL,
	"output" text NOT NULL,
	"browser" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_reports_status_created_idx" ON "lesson_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "lesson_reports_user_idx" ON "lesson_reports" USING btree ("user_id");
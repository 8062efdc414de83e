ALTER TABLE "projects" ADD COLUMN "remixed_from_id" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "remixed_from_title" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "remixed_from_author" text;
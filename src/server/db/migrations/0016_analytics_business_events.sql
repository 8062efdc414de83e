ALTER TABLE "analytics_events" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "analytics_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_dedupe_idx" ON "analytics_events" USING btree ("dedupe_key");
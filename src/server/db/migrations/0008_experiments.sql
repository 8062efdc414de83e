CREATE TABLE "experiment_exposures" (
	"experiment" text NOT NULL,
	"bucket_id" text NOT NULL,
	"variant" text NOT NULL,
	"user_id" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "experiment_exposures_experiment_bucket_id_pk" PRIMARY KEY("experiment","bucket_id")
);
--> statement-breakpoint
CREATE INDEX "experiment_exposures_variant_idx" ON "experiment_exposures" USING btree ("experiment","variant");
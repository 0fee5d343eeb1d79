ALTER TABLE "ledger_heads" ADD COLUMN "timestamp_token" text;--> statement-breakpoint
ALTER TABLE "ledger_heads" ADD COLUMN "timestamp_failure" text;--> statement-breakpoint
ALTER TABLE "ledger_heads" ADD COLUMN "timestamp_failed_at" timestamp with time zone;
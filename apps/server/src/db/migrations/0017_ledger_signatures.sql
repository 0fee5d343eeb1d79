ALTER TABLE "ledger_heads" ADD COLUMN "prev_day" date;--> statement-breakpoint
ALTER TABLE "ledger_heads" ADD COLUMN "prev_seq" integer;--> statement-breakpoint
ALTER TABLE "ledger_heads" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "ledger_heads" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "ledger_heads" ADD COLUMN "key_id" text;
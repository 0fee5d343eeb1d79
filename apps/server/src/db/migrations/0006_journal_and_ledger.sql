CREATE TABLE "ledger_entries" (
	"seq" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_heads" (
	"day" date PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "charges" jsonb;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "net_pnl" double precision;--> statement-breakpoint
CREATE INDEX "signals_model_exit_idx" ON "signals" USING btree ("model","exit_time");
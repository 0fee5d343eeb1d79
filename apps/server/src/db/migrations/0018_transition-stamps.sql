CREATE TABLE "signal_alert_sends" (
	"alert_key" text NOT NULL,
	"channel" text NOT NULL,
	"first_sent_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "signal_alert_sends_alert_key_channel_pk" PRIMARY KEY("alert_key","channel")
);
--> statement-breakpoint
ALTER TABLE "signal_events" ADD COLUMN "ledger_seq" integer;--> statement-breakpoint
ALTER TABLE "signal_events" ADD COLUMN "ledger_hash" text;--> statement-breakpoint
ALTER TABLE "signal_events" ADD COLUMN "tick_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signal_events" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signal_events" ADD COLUMN "decided_after_ms" double precision;--> statement-breakpoint
ALTER TABLE "signal_events" ADD COLUMN "committed_at" timestamp with time zone;
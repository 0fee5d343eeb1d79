-- Issue 32: stops as stop-loss-limit orders. A signal keeps its stop's limit (null on older rows: their stop sold
-- at any bid), when the stop triggered and whether it rested unfilled; "stop-resting" is a new event kind.
ALTER TABLE "signal_events" DROP CONSTRAINT "signal_events_kind_check";--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "stop_limit" double precision;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "stop_triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "stop_rested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signal_events" ADD CONSTRAINT "signal_events_kind_check" CHECK ("signal_events"."kind" in ('generated', 'triggered', 'stop-resting', 'closed', 'cancelled'));
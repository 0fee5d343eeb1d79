CREATE TABLE "signal_events" (
	"signal_id" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"changes" jsonb NOT NULL,
	"actor" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signal_events_signal_id_seq_pk" PRIMARY KEY("signal_id","seq"),
	CONSTRAINT "signal_events_kind_check" CHECK ("signal_events"."kind" in ('generated', 'triggered', 'closed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "signals" (
	"id" text PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"instrument" text NOT NULL,
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"type" text DEFAULT 'BUY' NOT NULL,
	"option_type" text NOT NULL,
	"strike" double precision NOT NULL,
	"expiry" date NOT NULL,
	"lots" integer NOT NULL,
	"lot_size" integer NOT NULL,
	"premium" double precision NOT NULL,
	"premium_per_lot" double precision NOT NULL,
	"entry_low" double precision NOT NULL,
	"entry_high" double precision NOT NULL,
	"target" double precision NOT NULL,
	"stop_loss" double precision NOT NULL,
	"ltp" double precision,
	"entry_price" double precision,
	"entry_time" timestamp with time zone,
	"exit_price" double precision,
	"exit_time" timestamp with time zone,
	"close_reason" text,
	"pnl_points" double precision,
	"pnl" double precision,
	"reason" text NOT NULL,
	"indicators" jsonb NOT NULL,
	"contract" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signals_status_check" CHECK ("signals"."status" in ('generated', 'triggered', 'closed', 'cancelled')),
	CONSTRAINT "signals_option_type_check" CHECK ("signals"."option_type" in ('CE', 'PE'))
);
--> statement-breakpoint
ALTER TABLE "signal_events" ADD CONSTRAINT "signal_events_signal_id_signals_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."signals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signals_model_generated_idx" ON "signals" USING btree ("model","generated_at");--> statement-breakpoint
CREATE INDEX "signals_day_model_idx" ON "signals" USING btree ("day","model");
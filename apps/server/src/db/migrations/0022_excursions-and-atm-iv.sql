CREATE TABLE "atm_iv_daily" (
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"iv" double precision NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "atm_iv_daily_symbol_day_pk" PRIMARY KEY("symbol","day"),
	CONSTRAINT "atm_iv_daily_source_check" CHECK ("atm_iv_daily"."source" in ('model', 'broker'))
);
--> statement-breakpoint
CREATE TABLE "trade_excursions" (
	"signal_id" text PRIMARY KEY NOT NULL,
	"mae" double precision NOT NULL,
	"mfe" double precision NOT NULL,
	"minutes" integer NOT NULL,
	"span_minutes" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_excursions" ADD CONSTRAINT "trade_excursions_signal_id_signals_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."signals"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "calendar_days" (
	"day" date PRIMARY KEY NOT NULL,
	"nse" text NOT NULL,
	"mcx" text NOT NULL,
	"name" text NOT NULL,
	"sessions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_days_nse_check" CHECK ("calendar_days"."nse" in ('open', 'closed')),
	CONSTRAINT "calendar_days_mcx_check" CHECK ("calendar_days"."mcx" in ('regular', 'evening', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "calendar_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_years_status_check" CHECK ("calendar_years"."status" in ('confirmed', 'provisional'))
);
--> statement-breakpoint
CREATE TABLE "operator_reminders" (
	"topic" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forecasts" DROP CONSTRAINT "forecasts_outcome_check";--> statement-breakpoint
ALTER TABLE "forecasts" ADD COLUMN "close" double precision;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "slippage_ticks" integer;--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "slippage" double precision;--> statement-breakpoint
ALTER TABLE "forecasts" ADD CONSTRAINT "forecasts_outcome_check" CHECK ("forecasts"."call_outcome" in ('target', 'stop', 'neither', 'undecided', 'not-entered') and "forecasts"."put_outcome" in ('target', 'stop', 'neither', 'undecided', 'not-entered'));
CREATE TABLE "forecasts" (
	"instrument" text NOT NULL,
	"day" date NOT NULL,
	"price_kind" text NOT NULL,
	"expiry" date,
	"call" jsonb NOT NULL,
	"put" jsonb NOT NULL,
	"call_levels" jsonb NOT NULL,
	"put_levels" jsonb NOT NULL,
	"call_outcome" text,
	"put_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scored_at" timestamp with time zone,
	CONSTRAINT "forecasts_instrument_day_pk" PRIMARY KEY("instrument","day"),
	CONSTRAINT "forecasts_instrument_check" CHECK ("forecasts"."instrument" in ('nifty', 'banknifty', 'crudeoil', 'xau', 'xag', 'dollarx')),
	CONSTRAINT "forecasts_price_kind_check" CHECK ("forecasts"."price_kind" in ('premium', 'level')),
	CONSTRAINT "forecasts_outcome_check" CHECK ("forecasts"."call_outcome" in ('target', 'stop', 'neither') and "forecasts"."put_outcome" in ('target', 'stop', 'neither'))
);
--> statement-breakpoint
CREATE INDEX "forecasts_unscored_idx" ON "forecasts" USING btree ("day") WHERE "forecasts"."scored_at" is null;
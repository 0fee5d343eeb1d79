CREATE TABLE "broker_instrument_lists" (
	"broker" text PRIMARY KEY NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL,
	"listed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker_instruments" (
	"broker" text NOT NULL,
	"token" bigint NOT NULL,
	"exchange_token" bigint NOT NULL,
	"trading_symbol" text NOT NULL,
	"name" text NOT NULL,
	"expiry" date,
	"strike" double precision NOT NULL,
	"tick_size" double precision NOT NULL,
	"lot_size" integer NOT NULL,
	"instrument_type" text NOT NULL,
	"segment" text NOT NULL,
	"exchange" text NOT NULL,
	CONSTRAINT "broker_instruments_broker_token_pk" PRIMARY KEY("broker","token")
);
--> statement-breakpoint
CREATE TABLE "broker_sessions" (
	"broker" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"login_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invalid_at" timestamp with time zone,
	"invalid_reason" text,
	"notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signals" ADD COLUMN "price_source" text;
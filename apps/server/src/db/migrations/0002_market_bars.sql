CREATE TABLE "market_bars" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" double precision NOT NULL,
	CONSTRAINT "market_bars_symbol_interval_time_pk" PRIMARY KEY("symbol","interval","time"),
	CONSTRAINT "market_bars_interval_check" CHECK ("market_bars"."interval" in ('1m', '1d'))
);

CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"instrument" text NOT NULL,
	"amount_rupees" integer NOT NULL,
	"paid_rupees" integer NOT NULL,
	"days_left" integer NOT NULL,
	"period_days" integer NOT NULL,
	"period_start" date NOT NULL,
	"previous_last_day" date NOT NULL,
	"ended_on" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"recorded_by" bigint,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_rupees" >= 0 and "refunds"."paid_rupees" >= 0),
	CONSTRAINT "refunds_instrument_check" CHECK ("refunds"."instrument" in ('Nifty', 'BankNifty', 'CrudeOil'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_user_id_idx" ON "refunds" USING btree ("user_id");
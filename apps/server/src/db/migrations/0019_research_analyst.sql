CREATE TABLE "complaint_months" (
	"month" text PRIMARY KEY NOT NULL,
	"received" integer NOT NULL,
	"resolved" integer NOT NULL,
	"pending" integer NOT NULL,
	"average_resolution_days" double precision,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "complaint_months_counts_check" CHECK ("complaint_months"."received" >= 0 and "complaint_months"."resolved" >= 0 and "complaint_months"."pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "research_analyst_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"registered_name" text NOT NULL,
	"registration_number" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"raasb_enlistment" text NOT NULL,
	"principal_officer" jsonb NOT NULL,
	"compliance_officer" jsonb NOT NULL,
	"grievance_officer" jsonb NOT NULL,
	"correspondence_address" text NOT NULL,
	"parrva_verified" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "research_analyst_profile_single_row" CHECK ("research_analyst_profile"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "terms_summary_acceptances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terms_summary_acceptances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "terms_summary_acceptances" ADD CONSTRAINT "terms_summary_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_summary_acceptances_user_version_idx" ON "terms_summary_acceptances" USING btree ("user_id","version");
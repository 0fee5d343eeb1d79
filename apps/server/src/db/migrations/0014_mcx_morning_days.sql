-- MCX trades its morning session only on some days (1 January, 09:00-17:00): the operator can record one.
ALTER TABLE "calendar_days" DROP CONSTRAINT "calendar_days_mcx_check";--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_mcx_check" CHECK ("calendar_days"."mcx" in ('regular', 'morning', 'evening', 'closed'));
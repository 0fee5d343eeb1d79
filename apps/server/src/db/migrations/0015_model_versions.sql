-- Every signal carries the version of the model that made it (issue 33). Rows written before hold
-- "before-versions", the operator's manual signals (ids ending ":manual") "manual" (decision 028).
ALTER TABLE "signals" ADD COLUMN "model_version" text DEFAULT 'before-versions' NOT NULL;--> statement-breakpoint
CREATE INDEX "signals_model_version_exit_idx" ON "signals" USING btree ("model","model_version","exit_time");--> statement-breakpoint
UPDATE "signals" SET "model_version" = 'manual' WHERE "id" LIKE '%:manual';

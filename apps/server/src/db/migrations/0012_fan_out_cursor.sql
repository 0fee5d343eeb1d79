-- A signal's audience is fanned out a part at a time (modules/alerts/delivery.ts): where the next part starts.
ALTER TABLE "alert_events" ADD COLUMN "fan_out_cursor" bigint DEFAULT 0 NOT NULL;
ALTER TABLE "push_subscriptions" ADD COLUMN "unreachable" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD COLUMN "chat_name" text;
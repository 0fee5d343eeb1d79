CREATE TABLE "telegram_links" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"chat_id" bigint,
	"link_token_hash" text,
	"token_expires_at" timestamp with time zone,
	"linked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_links_chat_idx" ON "telegram_links" USING btree ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_links_token_idx" ON "telegram_links" USING btree ("link_token_hash");
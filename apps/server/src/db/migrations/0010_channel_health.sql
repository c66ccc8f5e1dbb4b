CREATE TABLE "channel_account_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "quota_left" integer;--> statement-breakpoint
ALTER TABLE "channel_account_failures" ADD CONSTRAINT "channel_account_failures_account_id_channel_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."channel_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_account_failures_account_at_idx" ON "channel_account_failures" USING btree ("account_id","at");--> statement-breakpoint
-- Issue 12 splits "manage channel accounts" into connecting and releasing them: the action keeps
-- its roles and becomes "connect"; bootstrap adds "release" and grants it as it grants new entries.
UPDATE "menus" SET "key" = 'connectAccounts', "name" = CASE WHEN "name" = 'manageAccounts' THEN 'connectAccounts' ELSE "name" END, "permissions" = array_replace("permissions", 'channel:account:manage', 'channel:account:connect') WHERE "key" = 'manageAccounts';

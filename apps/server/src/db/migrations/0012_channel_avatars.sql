-- Issue 19: each account's picture is fetched once through the SSRF guard and kept as Postdeck's
-- own small file (the platforms' addresses expire, and the CSP admits only Postdeck's origin).
-- Accounts saved before have none until they are connected again or their grant is renewed.
ALTER TABLE "channel_accounts" ADD COLUMN "avatar_sha256" text;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "avatar_fetched_at" timestamp with time zone;

-- Issue 19: without PUBLIC_URL the platforms send the browser back to the origin the console was
-- opened at, so a Mastodon app is registered per instance and redirect URI. Apps stored before
-- keep '' and are registered again on next use, since their redirect URI was not recorded.
ALTER TABLE "platform_apps" ADD COLUMN "redirect_uri" text DEFAULT '' NOT NULL;--> statement-breakpoint
DROP INDEX "platform_apps_platform_instance_key";--> statement-breakpoint
CREATE UNIQUE INDEX "platform_apps_platform_instance_redirect_key" ON "platform_apps" USING btree ("platform","instance","redirect_uri");

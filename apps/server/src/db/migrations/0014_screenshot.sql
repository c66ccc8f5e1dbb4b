ALTER TABLE "publications" ADD COLUMN "screenshot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "screenshot_error" jsonb;
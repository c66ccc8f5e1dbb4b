ALTER TABLE "publications" ADD COLUMN "media_type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
UPDATE "publications" AS p SET "media_type" = CASE
  WHEN EXISTS (SELECT 1 FROM "materials" m WHERE m."id" = ANY (p."media_ids") AND m."kind" = 'video') THEN 'video'
  WHEN cardinality(p."media_ids") > 0 THEN 'image'
  ELSE 'text' END
WHERE cardinality(p."media_ids") > 0;--> statement-breakpoint
CREATE INDEX "publications_history_idx" ON "publications" USING btree ("created_at","id") INCLUDE ("department_id","author_id","media_type") WHERE "publications"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "publications_history_department_idx" ON "publications" USING btree ("department_id","created_at","id") INCLUDE ("author_id","media_type") WHERE "publications"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "publications_history_author_idx" ON "publications" USING btree ("author_id","created_at","id") INCLUDE ("department_id","media_type") WHERE "publications"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "publications_history_status_idx" ON "publications" USING btree ("status","created_at","parent_id") INCLUDE ("department_id","author_id","media_type") WHERE "publications"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "publications_history_account_idx" ON "publications" USING btree ("account_id","created_at","parent_id") INCLUDE ("department_id","author_id","media_type") WHERE "publications"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "publications_history_platform_idx" ON "publications" USING btree ("platform","created_at","parent_id") INCLUDE ("department_id","author_id","media_type") WHERE "publications"."parent_id" is not null;
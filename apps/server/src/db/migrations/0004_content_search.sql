DROP INDEX "contents_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "contents_search_idx" ON "contents" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "contents_search_pending_idx" ON "contents" USING btree ("id") WHERE "contents"."search_vector" is null;--> statement-breakpoint
CREATE INDEX "materials_name_trgm_idx" ON "materials" USING gin ("name" gin_trgm_ops);
-- List indexes (issue 11): every list filter and sort read from an ascending index, so a page
-- and its bounded count never visit rows outside it.
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "contents_department_updated_idx";--> statement-breakpoint
DROP INDEX "contents_updated_idx";--> statement-breakpoint
DROP INDEX "contents_author_idx";--> statement-breakpoint
DROP INDEX "materials_department_created_idx";--> statement-breakpoint
DROP INDEX "materials_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_read_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_read_type_created_idx";--> statement-breakpoint
DROP INDEX "notifications_created_idx";--> statement-breakpoint
DROP INDEX "tips_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_at_idx" ON "audit_log" USING btree ("target","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_ip_at_idx" ON "audit_log" USING btree ("ip","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_account_trgm_idx" ON "audit_log" USING gin ("actor_account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contents_listed_department_updated_idx" ON "contents" USING btree ("department_id","updated_at","id") WHERE "contents"."deleted_at" is null and "contents"."status" <> 'archived';--> statement-breakpoint
CREATE INDEX "contents_listed_updated_idx" ON "contents" USING btree ("updated_at","id") WHERE "contents"."deleted_at" is null and "contents"."status" <> 'archived';--> statement-breakpoint
CREATE INDEX "contents_live_department_status_updated_idx" ON "contents" USING btree ("department_id","status","updated_at","id") WHERE "contents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contents_live_status_updated_idx" ON "contents" USING btree ("status","updated_at","id") WHERE "contents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contents_live_created_idx" ON "contents" USING btree ("created_at","id") WHERE "contents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contents_live_title_idx" ON "contents" USING btree ("title","id") WHERE "contents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contents_author_updated_idx" ON "contents" USING btree ("author_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "contents_deleted_updated_idx" ON "contents" USING btree ("updated_at","id") WHERE "contents"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "materials_department_kind_created_idx" ON "materials" USING btree ("department_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "materials_kind_created_idx" ON "materials" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "materials_uploader_created_idx" ON "materials" USING btree ("uploader_id","created_at","id");--> statement-breakpoint
CREATE INDEX "materials_name_idx" ON "materials" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "materials_bytes_idx" ON "materials" USING btree ("bytes","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_type_created_idx" ON "notifications" USING btree ("user_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "users_live_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_live_department_created_idx" ON "users" USING btree ("department_id","created_at","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_live_status_created_idx" ON "users" USING btree ("status","created_at","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_account_trgm_idx" ON "users" USING gin ("account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "materials_department_created_idx" ON "materials" USING btree ("department_id","created_at","id");--> statement-breakpoint
CREATE INDEX "materials_created_idx" ON "materials" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_read_created_idx" ON "notifications" USING btree ("user_id","read_status","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_read_type_created_idx" ON "notifications" USING btree ("user_id","read_status","type","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tips_created_idx" ON "tips" USING btree ("created_at","id");
CREATE TABLE "publishing_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"target_id" integer,
	"reason" text NOT NULL,
	"paused_by_id" integer,
	"paused_at" timestamp with time zone NOT NULL,
	"resumed_at" timestamp with time zone,
	"resumed_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "publishing_pauses" ADD CONSTRAINT "publishing_pauses_paused_by_id_users_id_fk" FOREIGN KEY ("paused_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_pauses" ADD CONSTRAINT "publishing_pauses_resumed_by_id_users_id_fk" FOREIGN KEY ("resumed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publishing_pauses_active_key" ON "publishing_pauses" USING btree ("scope",coalesce("target_id", 0)) WHERE "publishing_pauses"."resumed_at" is null;
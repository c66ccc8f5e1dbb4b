CREATE TABLE "publication_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"publication_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"attempt_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" bigint,
	"content_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"account_id" integer,
	"platform" text,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"link" text,
	"media_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scheduled_at" timestamp with time zone,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempt_id" uuid,
	"attempt_started_at" timestamp with time zone,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"external_id" text,
	"external_url" text,
	"error_kind" text,
	"error_message" text,
	"error_raw" jsonb,
	"next_attempt_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"screenshot_material_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_target_choices" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"account_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_budgets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publication_events" ADD CONSTRAINT "publication_events_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_events" ADD CONSTRAINT "publication_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_parent_id_publications_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_account_id_channel_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."channel_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_screenshot_material_id_materials_id_fk" FOREIGN KEY ("screenshot_material_id") REFERENCES "public"."materials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_target_choices" ADD CONSTRAINT "publish_target_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_events_publication_idx" ON "publication_events" USING btree ("publication_id","id");--> statement-breakpoint
CREATE INDEX "publications_parent_idx" ON "publications" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "publications_author_created_idx" ON "publications" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "publications_department_created_idx" ON "publications" USING btree ("department_id","created_at","id");--> statement-breakpoint
CREATE INDEX "publications_account_status_idx" ON "publications" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "publications_status_attempt_idx" ON "publications" USING btree ("status","attempt_started_at");--> statement-breakpoint
CREATE INDEX "publications_status_due_idx" ON "publications" USING btree ("status","next_attempt_at");
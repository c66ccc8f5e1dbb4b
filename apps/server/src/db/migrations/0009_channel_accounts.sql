CREATE TABLE "channel_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"handle" text,
	"avatar_url" text,
	"profile_url" text,
	"department_id" integer NOT NULL,
	"connected_by_id" integer,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"token_key_id" text,
	"tokens_sealed" text,
	"token_expires_at" timestamp with time zone,
	"renew_by" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure" jsonb,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "channel_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"platform" text NOT NULL,
	"user_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"instance" text,
	"key_id" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"instance" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_key_id" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD CONSTRAINT "channel_accounts_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD CONSTRAINT "channel_accounts_connected_by_id_users_id_fk" FOREIGN KEY ("connected_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD CONSTRAINT "channel_accounts_released_by_id_users_id_fk" FOREIGN KEY ("released_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_platform_external_key" ON "channel_accounts" USING btree ("platform","external_id");--> statement-breakpoint
CREATE INDEX "channel_accounts_department_idx" ON "channel_accounts" USING btree ("department_id","platform","id");--> statement-breakpoint
CREATE INDEX "channel_accounts_renew_idx" ON "channel_accounts" USING btree ("renew_by") WHERE "channel_accounts"."status" in ('active', 'expiring');--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connections_state_key" ON "channel_connections" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "channel_connections_expires_idx" ON "channel_connections" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_apps_platform_instance_key" ON "platform_apps" USING btree ("platform","instance");
CREATE TABLE "guide_reads" (
	"user_id" integer NOT NULL,
	"upgrade_time" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_reads_user_id_upgrade_time_pk" PRIMARY KEY("user_id","upgrade_time")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"publish_failure" boolean DEFAULT true NOT NULL,
	"publish_success" boolean DEFAULT true NOT NULL,
	"tip" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"opp_id" bigint,
	"title" text NOT NULL,
	"channel_name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"read_status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sender_id" integer,
	"sender_account" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_department_id" integer,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"department_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guide_reads" ADD CONSTRAINT "guide_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_sender_department_id_departments_id_fk" FOREIGN KEY ("sender_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_read_created_idx" ON "notifications" USING btree ("user_id","read_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_read_type_created_idx" ON "notifications" USING btree ("user_id","read_status","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tips_created_idx" ON "tips" USING btree ("created_at" DESC NULLS LAST);
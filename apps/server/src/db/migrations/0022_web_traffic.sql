CREATE TABLE "web_traffic_daily" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"landing_page" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"sessions" integer NOT NULL,
	"total_users" integer NOT NULL,
	"engaged_sessions" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "web_traffic_daily_account_id_day_kind_source_medium_landing_page_campaign_pk" PRIMARY KEY("account_id","day","kind","source","medium","landing_page","campaign")
);
--> statement-breakpoint
ALTER TABLE "web_traffic_daily" ADD CONSTRAINT "web_traffic_daily_account_id_channel_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."channel_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_traffic_daily_day_idx" ON "web_traffic_daily" USING btree ("day");
CREATE TABLE "account_metric_snapshots" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"followers" bigint,
	"reach" bigint,
	CONSTRAINT "account_metric_snapshots_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "metric_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"publication_id" bigint NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"views" bigint,
	"reach" bigint,
	"reactions" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"video_views" bigint,
	"watch_time_s" bigint,
	"link_clicks" bigint
);
--> statement-breakpoint
CREATE TABLE "publication_metrics" (
	"publication_id" bigint PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone,
	"views" bigint,
	"reach" bigint,
	"reactions" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"video_views" bigint,
	"watch_time_s" bigint,
	"link_clicks" bigint,
	"engagement" bigint,
	"next_at" timestamp with time zone,
	"failures" smallint DEFAULT 0 NOT NULL,
	"last_error" jsonb
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"platform" text NOT NULL,
	"publications" integer NOT NULL,
	"published" integer NOT NULL,
	"failed" integer NOT NULL,
	"views" bigint,
	"reach" bigint,
	"reactions" bigint,
	"comments" bigint,
	"shares" bigint,
	"saves" bigint,
	"video_views" bigint,
	"watch_time_s" bigint,
	"link_clicks" bigint,
	"engagement" bigint,
	CONSTRAINT "stats_daily_day_account_id_department_id_pk" PRIMARY KEY("day","account_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "stats_dirty" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "stats_dirty_day_account_id_pk" PRIMARY KEY("day","account_id")
);
--> statement-breakpoint
CREATE TABLE "stats_failures_daily" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"platform" text NOT NULL,
	"cause" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "stats_failures_daily_day_account_id_department_id_cause_pk" PRIMARY KEY("day","account_id","department_id","cause")
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"department_id" integer NOT NULL,
	"platform" text NOT NULL,
	"publications" integer NOT NULL,
	"engagement" bigint,
	CONSTRAINT "stats_hourly_day_hour_department_id_platform_pk" PRIMARY KEY("day","hour","department_id","platform")
);
--> statement-breakpoint
ALTER TABLE "account_metric_snapshots" ADD CONSTRAINT "account_metric_snapshots_account_id_channel_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."channel_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_snapshots" ADD CONSTRAINT "metric_snapshots_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_metrics" ADD CONSTRAINT "publication_metrics_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_snapshots_publication_idx" ON "metric_snapshots" USING btree ("publication_id","taken_at");--> statement-breakpoint
CREATE INDEX "publication_metrics_due_idx" ON "publication_metrics" USING btree ("next_at") WHERE "publication_metrics"."next_at" is not null;--> statement-breakpoint
CREATE INDEX "publication_metrics_engagement_idx" ON "publication_metrics" USING btree ("engagement");--> statement-breakpoint
CREATE INDEX "publication_metrics_views_idx" ON "publication_metrics" USING btree ("views");--> statement-breakpoint
-- The roll-ups' keys are marked by the publications themselves, so every path that publishes,
-- fails, withdraws, moves or deletes one keeps the statistics right (statistics/rollups.ts). Moves
-- that neither count nor change a key (scheduled, queued, publishing) mark nothing, to keep the
-- publishing path's statements few.
CREATE FUNCTION "stats_counted"(status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('published', 'withdrawn', 'failed', 'unconfirmed')
$$;
--> statement-breakpoint
CREATE FUNCTION "stats_day"(published_at timestamptz, scheduled_at timestamptz, created_at timestamptz)
  RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (coalesce(published_at, scheduled_at, created_at) AT TIME ZONE 'UTC')::date
$$;
--> statement-breakpoint
CREATE FUNCTION "stats_mark_publication"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NOT stats_counted(OLD.status) AND NOT stats_counted(NEW.status)
    AND OLD.account_id IS NOT DISTINCT FROM NEW.account_id
    AND OLD.department_id = NEW.department_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.parent_id IS NOT NULL AND OLD.account_id IS NOT NULL
    AND stats_counted(OLD.status) THEN
    INSERT INTO stats_dirty (day, account_id)
    VALUES (stats_day(OLD.published_at, OLD.scheduled_at, OLD.created_at), OLD.account_id)
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.parent_id IS NOT NULL AND NEW.account_id IS NOT NULL THEN
    IF stats_counted(NEW.status) THEN
      INSERT INTO stats_dirty (day, account_id)
      VALUES (stats_day(NEW.published_at, NEW.scheduled_at, NEW.created_at), NEW.account_id)
      ON CONFLICT DO NOTHING;
    END IF;
    IF NEW.status = 'published' AND NEW.published_at IS NOT NULL THEN
      -- The first reading an hour after publishing (contract METRIC_CHECKPOINTS_H).
      INSERT INTO publication_metrics (publication_id, next_at)
      VALUES (NEW.id, NEW.published_at + interval '1 hour')
      ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "publications_stats"
  AFTER INSERT OR DELETE OR UPDATE OF status, published_at, scheduled_at, account_id, department_id
  ON "publications" FOR EACH ROW EXECUTE FUNCTION stats_mark_publication();
--> statement-breakpoint
INSERT INTO publication_metrics (publication_id, next_at)
  SELECT id, published_at + interval '1 hour' FROM publications
  WHERE status = 'published' AND published_at IS NOT NULL AND parent_id IS NOT NULL
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO stats_dirty (day, account_id)
  SELECT DISTINCT stats_day(published_at, scheduled_at, created_at), account_id FROM publications
  WHERE parent_id IS NOT NULL AND account_id IS NOT NULL AND stats_counted(status)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A refresh makes a (day, account) key's rows again from the publications of that day: found by
-- the same expression the roll-ups group on.
CREATE INDEX "publications_stats_day_idx" ON "publications" (stats_day(published_at, scheduled_at, created_at), account_id)
  WHERE parent_id IS NOT NULL;

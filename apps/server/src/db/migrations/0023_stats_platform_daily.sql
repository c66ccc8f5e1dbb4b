CREATE TABLE "stats_platform_daily" (
	"day" date NOT NULL,
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
	CONSTRAINT "stats_platform_daily_day_department_id_platform_pk" PRIMARY KEY("day","department_id","platform")
);
--> statement-breakpoint
INSERT INTO stats_platform_daily
  SELECT day, department_id, platform, sum(publications), sum(published), sum(failed), sum(views), sum(reach),
    sum(reactions), sum(comments), sum(shares), sum(saves), sum(video_views), sum(watch_time_s), sum(link_clicks),
    sum(engagement)
  FROM stats_daily GROUP BY day, department_id, platform;

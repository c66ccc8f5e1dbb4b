CREATE TABLE "rate_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"publication_id" integer NOT NULL,
	"cost" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sent" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_sends_key_at_idx" ON "rate_sends" USING btree ("key","at");
--> statement-breakpoint
DROP TABLE "rate_budgets" CASCADE;
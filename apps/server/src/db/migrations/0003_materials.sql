CREATE TABLE "content_materials" (
	"content_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "content_materials_content_id_material_id_pk" PRIMARY KEY("content_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"uploader_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"codec" text,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"poster_key" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"note" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "cover_material_id" integer;--> statement-breakpoint
ALTER TABLE "content_materials" ADD CONSTRAINT "content_materials_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_materials" ADD CONSTRAINT "content_materials_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_materials_material_idx" ON "content_materials" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "materials_department_created_idx" ON "materials" USING btree ("department_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_created_idx" ON "materials" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "materials_sha256_idx" ON "materials" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "materials_tags_idx" ON "materials" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_cover_material_id_materials_id_fk" FOREIGN KEY ("cover_material_id") REFERENCES "public"."materials"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "admin_job_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"progress" jsonb,
	"result" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "admin_job_run_name_idx" ON "admin_job_run" USING btree ("name","id");
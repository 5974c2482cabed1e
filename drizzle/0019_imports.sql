CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'validating' NOT NULL,
	"columns" jsonb NOT NULL,
	"cells" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"valid_count" integer DEFAULT 0 NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"validation_claimed_at" timestamp with time zone,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "imports_validating_idx" ON "imports" USING btree ("validation_claimed_at") WHERE status = 'validating';
ALTER TABLE "users" DROP CONSTRAINT "users_has_identifier";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_has_identifier" CHECK (("users"."deleted_at" IS NULL) = ("users"."email" IS NOT NULL OR "users"."phone" IS NOT NULL OR "users"."whatsapp_number" IS NOT NULL));
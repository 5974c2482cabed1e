CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"key_hash" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "deliveries_board_unassigned_idx";--> statement-breakpoint
DROP INDEX "deliveries_board_delivered_idx";--> statement-breakpoint
DROP INDEX "deliveries_board_cancelled_idx";--> statement-breakpoint
DROP INDEX "deliveries_board_needs_decision_idx";--> statement-breakpoint
DROP INDEX "deliveries_board_all_idx";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "external_reference" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_live_idx" ON "api_keys" USING btree ("user_id","created_at") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "deliveries_merchant_idx" ON "deliveries" USING btree ("user_id","livemode","created_at","number");--> statement-breakpoint
CREATE INDEX "deliveries_merchant_status_idx" ON "deliveries" USING btree ("user_id","livemode","status","created_at","number");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_external_reference_key" ON "deliveries" USING btree ("user_id","livemode","external_reference") WHERE external_reference is not null;--> statement-breakpoint
CREATE INDEX "deliveries_board_unassigned_idx" ON "deliveries" USING btree ("paid_at","number") WHERE status = 'pending' and driver_id is null and livemode;--> statement-breakpoint
CREATE INDEX "deliveries_board_delivered_idx" ON "deliveries" USING btree ("updated_at","number") WHERE paid_at is not null and status = 'delivered' and livemode;--> statement-breakpoint
CREATE INDEX "deliveries_board_cancelled_idx" ON "deliveries" USING btree ("updated_at","number") WHERE paid_at is not null and status = 'cancelled' and livemode;--> statement-breakpoint
CREATE INDEX "deliveries_board_needs_decision_idx" ON "deliveries" USING btree ("updated_at","number") WHERE paid_at is not null and status = 'failed_attempt' and livemode;--> statement-breakpoint
CREATE INDEX "deliveries_board_all_idx" ON "deliveries" USING btree ("updated_at","number") WHERE paid_at is not null and livemode;
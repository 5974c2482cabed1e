ALTER TABLE "sandbox_charges" ADD COLUMN "payer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Charges made before this knew their payer only through their payment: copied once.
UPDATE "sandbox_charges" SET "payer_user_id" = "payments"."user_id", "open" = ("payments"."purpose" = 'cod') FROM "payments" WHERE "payments"."reference" = "sandbox_charges"."reference";

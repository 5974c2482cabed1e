CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_key" text,
	"amount_kobo" bigint NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"vat_kobo" bigint NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_vat_within_amount" CHECK ("receipts"."vat_kobo" >= 0 and "receipts"."vat_kobo" <= "receipts"."amount_kobo")
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_key" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_source_key" ON "receipts" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "receipts_user_number_idx" ON "receipts" USING btree ("user_id","number");--> statement-breakpoint
INSERT INTO "receipt_counters" ("series", "last_number") VALUES ('receipts', 0);

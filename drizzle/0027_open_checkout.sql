-- Double clicks before this left several open card checkouts for one delivery, payer and amount: all but the newest
-- are marked expired, as the reconciler would a day on (a late payment of one still settles: the webhook, the payer's return).
UPDATE "payments" SET "status" = 'expired', "completed_at" = now(), "checked_at" = now()
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "delivery_id", "user_id", "amount_kobo" ORDER BY "created_at" DESC, "id" DESC) AS "newest_first"
    FROM "payments" WHERE "purpose" = 'delivery' AND "status" = 'initiated'
  ) AS "open_checkouts" WHERE "newest_first" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_checkout_key" ON "payments" USING btree ("delivery_id","user_id","amount_kobo") WHERE "payments"."purpose" = 'delivery' and "payments"."status" = 'initiated';

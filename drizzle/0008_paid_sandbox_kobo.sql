ALTER TABLE "deliveries" ADD COLUMN "paid_sandbox_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Deliveries paid before the column: the sandbox part as the payment marked it, from the wallet payment's ledger
-- entry (negative there) or, for a card, the whole amount when the sandbox gateway settled it.
UPDATE "deliveries" d SET "paid_sandbox_kobo" = -le."sandbox_kobo"
FROM "ledger_entries" le
WHERE d."payment_method" = 'wallet' AND le."idempotency_key" = 'payment:' || d."id" AND le."kind" = 'payment';
--> statement-breakpoint
UPDATE "deliveries" d SET "paid_sandbox_kobo" = d."total_kobo"
WHERE d."payment_method" = 'card'
  AND EXISTS (SELECT 1 FROM "payments" p WHERE p."delivery_id" = d."id" AND p."status" = 'succeeded' AND p."gateway" = 'sandbox');

ALTER TABLE "deliveries" ADD COLUMN "return_fee_kobo" bigint;--> statement-breakpoint
CREATE INDEX "deliveries_user_paid_idx" ON "deliveries" USING btree ("user_id","paid_at") WHERE paid_at is not null and livemode;--> statement-breakpoint
-- The dashboard's totals, as decisions 082 and 084 define them:
-- - a paid booking that waits for its pickup is active too: "Active Deliveries" counted only parcels already on the
--   road, so a shipper who had just paid saw 0;
-- - what a shipper spent on a delivery is its price and, if it came back, the return's fee; never the pay-on-delivery
--   return reserve, which is a deposit. The totals follow the fee as they follow the price.
CREATE OR REPLACE FUNCTION "delivery_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_active integer := 0;
  d_delivered integer := 0;
  d_spent bigint := 0;
  d_cod_collected bigint := 0;
  d_cod_awaiting bigint := 0;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    d_active := d_active - (OLD.status IN ('pending', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning'))::integer;
    d_delivered := d_delivered - (OLD.status = 'delivered')::integer;
    d_spent := d_spent - CASE WHEN OLD.paid_at IS NOT NULL AND OLD.status <> 'cancelled' THEN OLD.total_kobo + coalesce(OLD.return_fee_kobo, 0) ELSE 0 END;
    d_cod_collected := d_cod_collected - CASE WHEN OLD.status = 'delivered' THEN coalesce(OLD.cod_amount_kobo - OLD.cod_fee_kobo, 0) ELSE 0 END;
    d_cod_awaiting := d_cod_awaiting - CASE WHEN OLD.cod_paid_at IS NOT NULL AND OLD.status NOT IN ('delivered', 'returned', 'cancelled')
      THEN OLD.cod_amount_kobo ELSE 0 END;
  END IF;
  d_active := d_active + (NEW.status IN ('pending', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning'))::integer;
  d_delivered := d_delivered + (NEW.status = 'delivered')::integer;
  d_spent := d_spent + CASE WHEN NEW.paid_at IS NOT NULL AND NEW.status <> 'cancelled' THEN NEW.total_kobo + coalesce(NEW.return_fee_kobo, 0) ELSE 0 END;
  d_cod_collected := d_cod_collected + CASE WHEN NEW.status = 'delivered' THEN coalesce(NEW.cod_amount_kobo - NEW.cod_fee_kobo, 0) ELSE 0 END;
  d_cod_awaiting := d_cod_awaiting + CASE WHEN NEW.cod_paid_at IS NOT NULL AND NEW.status NOT IN ('delivered', 'returned', 'cancelled')
    THEN NEW.cod_amount_kobo ELSE 0 END;
  IF d_active = 0 AND d_delivered = 0 AND d_spent = 0 AND d_cod_collected = 0 AND d_cod_awaiting = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO "delivery_totals" ("user_id", "active", "delivered", "spent_kobo", "cod_collected_kobo", "cod_awaiting_kobo")
  VALUES (NEW.user_id, d_active, d_delivered, d_spent, d_cod_collected, d_cod_awaiting)
  ON CONFLICT ("user_id") DO UPDATE SET
    "active" = "delivery_totals"."active" + excluded."active",
    "delivered" = "delivery_totals"."delivered" + excluded."delivered",
    "spent_kobo" = "delivery_totals"."spent_kobo" + excluded."spent_kobo",
    "cod_collected_kobo" = "delivery_totals"."cod_collected_kobo" + excluded."cod_collected_kobo",
    "cod_awaiting_kobo" = "delivery_totals"."cod_awaiting_kobo" + excluded."cod_awaiting_kobo";
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "deliveries_totals" ON "deliveries";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deliveries_totals"
  AFTER INSERT OR UPDATE OF "status", "paid_at", "total_kobo", "cod_paid_at", "return_fee_kobo" ON "deliveries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."livemode") EXECUTE FUNCTION "delivery_totals_follow"();
--> statement-breakpoint
-- The deliveries already returned learn their fee from the ledger (the revenue line of their return-fee posting); the
-- trigger above adds each to its shipper's totals.
UPDATE "deliveries" AS "d" SET "return_fee_kobo" = "l"."amount_kobo"
FROM "postings" AS "p"
JOIN "posting_lines" AS "l" ON "l"."posting_id" = "p"."id" AND "l"."account_type" = 'revenue'
WHERE "d"."status" = 'returned' AND "p"."idempotency_key" = 'return-fee:' || "d"."id"::text;
--> statement-breakpoint
-- The live bookings already waiting for their pickup join the count.
INSERT INTO "delivery_totals" ("user_id", "active")
SELECT "user_id", count(*)::integer FROM "deliveries"
WHERE "livemode" AND "status" = 'pending'
GROUP BY "user_id"
ON CONFLICT ("user_id") DO UPDATE SET "active" = "delivery_totals"."active" + excluded."active";

ALTER TABLE "payments" DROP CONSTRAINT "payments_delivery_matches_purpose";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "cod_amount_kobo" bigint;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "cod_fee_kobo" bigint;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "cod_reserve_kobo" bigint;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "cod_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "cod_pay_token_hash" text;--> statement-breakpoint
ALTER TABLE "delivery_totals" ADD COLUMN "cod_collected_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_totals" ADD COLUMN "cod_awaiting_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "owed_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_cod_pay_token_key" ON "deliveries" USING btree ("cod_pay_token_hash") WHERE cod_pay_token_hash is not null;--> statement-breakpoint
CREATE INDEX "deliveries_user_cod_idx" ON "deliveries" USING btree ("user_id","created_at","number") WHERE cod_amount_kobo is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_delivery_matches_purpose" CHECK (("payments"."purpose" in ('delivery', 'cod')) = ("payments"."delivery_id" is not null));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_owed_not_negative" CHECK ("wallets"."owed_kobo" >= 0);--> statement-breakpoint
-- Pay on delivery on the dashboard and the wallet: what receivers paid that awaits the hand-over, and what was
-- settled to the shipper (the amount less its fee), kept like the other totals (decision 051).
CREATE OR REPLACE FUNCTION "delivery_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_active integer := 0;
  d_delivered integer := 0;
  d_spent bigint := 0;
  d_cod_collected bigint := 0;
  d_cod_awaiting bigint := 0;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    d_active := d_active - (OLD.status IN ('picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning'))::integer;
    d_delivered := d_delivered - (OLD.status = 'delivered')::integer;
    d_spent := d_spent - CASE WHEN OLD.paid_at IS NOT NULL AND OLD.status <> 'cancelled' THEN OLD.total_kobo ELSE 0 END;
    d_cod_collected := d_cod_collected - CASE WHEN OLD.status = 'delivered' THEN coalesce(OLD.cod_amount_kobo - OLD.cod_fee_kobo, 0) ELSE 0 END;
    d_cod_awaiting := d_cod_awaiting - CASE WHEN OLD.cod_paid_at IS NOT NULL AND OLD.status NOT IN ('delivered', 'returned', 'cancelled')
      THEN OLD.cod_amount_kobo ELSE 0 END;
  END IF;
  d_active := d_active + (NEW.status IN ('picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning'))::integer;
  d_delivered := d_delivered + (NEW.status = 'delivered')::integer;
  d_spent := d_spent + CASE WHEN NEW.paid_at IS NOT NULL AND NEW.status <> 'cancelled' THEN NEW.total_kobo ELSE 0 END;
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
  AFTER INSERT OR UPDATE OF "status", "paid_at", "total_kobo", "cod_paid_at" ON "deliveries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "delivery_totals_follow"();

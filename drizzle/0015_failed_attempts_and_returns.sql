DROP INDEX "deliveries_user_display_idx";--> statement-breakpoint
DROP INDEX "deliveries_board_active_idx";--> statement-breakpoint
DROP INDEX "deliveries_driver_active_idx";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "reattempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "deliveries_board_needs_decision_idx" ON "deliveries" USING btree ("updated_at","number") WHERE paid_at is not null and status = 'failed_attempt';--> statement-breakpoint
CREATE INDEX "deliveries_user_display_idx" ON "deliveries" USING btree ("user_id",(case when status in ('awaiting_payment', 'pending') then 'pending' when status in ('picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning') then 'in_transit' else status end),"created_at","number");--> statement-breakpoint
CREATE INDEX "deliveries_board_active_idx" ON "deliveries" USING btree ("paid_at","number") WHERE driver_id is not null and status in ('pending', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning');--> statement-breakpoint
CREATE INDEX "deliveries_driver_active_idx" ON "deliveries" USING btree ("driver_id","paid_at","number") WHERE driver_id is not null and status in ('pending', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning');
--> statement-breakpoint
-- A failed attempt and a return on its way count as active on the dashboard, as they count as in transit in the list.
CREATE OR REPLACE FUNCTION "delivery_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_active integer := 0;
  d_delivered integer := 0;
  d_spent bigint := 0;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    d_active := d_active - (OLD.status IN ('picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning'))::integer;
    d_delivered := d_delivered - (OLD.status = 'delivered')::integer;
    d_spent := d_spent - CASE WHEN OLD.paid_at IS NOT NULL AND OLD.status <> 'cancelled' THEN OLD.total_kobo ELSE 0 END;
  END IF;
  d_active := d_active + (NEW.status IN ('picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning'))::integer;
  d_delivered := d_delivered + (NEW.status = 'delivered')::integer;
  d_spent := d_spent + CASE WHEN NEW.paid_at IS NOT NULL AND NEW.status <> 'cancelled' THEN NEW.total_kobo ELSE 0 END;
  IF d_active = 0 AND d_delivered = 0 AND d_spent = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO "delivery_totals" ("user_id", "active", "delivered", "spent_kobo")
  VALUES (NEW.user_id, d_active, d_delivered, d_spent)
  ON CONFLICT ("user_id") DO UPDATE SET
    "active" = "delivery_totals"."active" + excluded."active",
    "delivered" = "delivery_totals"."delivered" + excluded."delivered",
    "spent_kobo" = "delivery_totals"."spent_kobo" + excluded."spent_kobo";
  RETURN NULL;
END
$$;

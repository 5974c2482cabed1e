CREATE TABLE "delivery_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"spent_kobo" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_totals" ADD CONSTRAINT "delivery_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A delivery's part in its customer's totals changes with its status, payment and price: the trigger adds the
-- difference. It is a deferred constraint trigger, so it runs at the commit, after the transaction's other locks
-- (a wallet's among them): a payment and a cancellation of the same customer take them in the same order.
CREATE FUNCTION "delivery_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_active integer := 0;
  d_delivered integer := 0;
  d_spent bigint := 0;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    d_active := d_active - (OLD.status IN ('picked_up', 'in_transit', 'out_for_delivery'))::integer;
    d_delivered := d_delivered - (OLD.status = 'delivered')::integer;
    d_spent := d_spent - CASE WHEN OLD.paid_at IS NOT NULL AND OLD.status <> 'cancelled' THEN OLD.total_kobo ELSE 0 END;
  END IF;
  d_active := d_active + (NEW.status IN ('picked_up', 'in_transit', 'out_for_delivery'))::integer;
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deliveries_totals"
  AFTER INSERT OR UPDATE OF "status", "paid_at", "total_kobo" ON "deliveries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "delivery_totals_follow"();
--> statement-breakpoint
INSERT INTO "delivery_totals" ("user_id", "active", "delivered", "spent_kobo")
SELECT "user_id",
  count(*) FILTER (WHERE "status" IN ('picked_up', 'in_transit', 'out_for_delivery')),
  count(*) FILTER (WHERE "status" = 'delivered'),
  coalesce(sum("total_kobo") FILTER (WHERE "paid_at" IS NOT NULL AND "status" <> 'cancelled'), 0)
FROM "deliveries"
GROUP BY "user_id";

ALTER TABLE "quotes" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Test-mode deliveries count in no customer's totals (decision 076). A delivery's mode is set at booking and never
-- changes, so the trigger's condition leaves a test delivery out of every change, its insert included.
DROP TRIGGER "deliveries_totals" ON "deliveries";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deliveries_totals"
  AFTER INSERT OR UPDATE OF "status", "paid_at", "total_kobo", "cod_paid_at" ON "deliveries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."livemode") EXECUTE FUNCTION "delivery_totals_follow"();
--> statement-breakpoint
-- What test deliveries added before is taken back: the totals keep agreeing with the recount, which leaves them out too.
UPDATE "delivery_totals" AS "t" SET
  "active" = "t"."active" - "x"."active",
  "delivered" = "t"."delivered" - "x"."delivered",
  "spent_kobo" = "t"."spent_kobo" - "x"."spent_kobo",
  "cod_collected_kobo" = "t"."cod_collected_kobo" - "x"."cod_collected_kobo",
  "cod_awaiting_kobo" = "t"."cod_awaiting_kobo" - "x"."cod_awaiting_kobo"
FROM (
  SELECT "user_id",
    count(*) FILTER (WHERE "status" IN ('picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning'))::integer AS "active",
    count(*) FILTER (WHERE "status" = 'delivered')::integer AS "delivered",
    coalesce(sum("total_kobo") FILTER (WHERE "paid_at" IS NOT NULL AND "status" <> 'cancelled'), 0) AS "spent_kobo",
    coalesce(sum("cod_amount_kobo" - "cod_fee_kobo") FILTER (WHERE "status" = 'delivered'), 0) AS "cod_collected_kobo",
    coalesce(sum("cod_amount_kobo") FILTER (WHERE "cod_paid_at" IS NOT NULL AND "status" NOT IN ('delivered', 'returned', 'cancelled')), 0) AS "cod_awaiting_kobo"
  FROM "deliveries"
  WHERE NOT "livemode"
  GROUP BY "user_id"
) AS "x"
WHERE "t"."user_id" = "x"."user_id";

ALTER TABLE "deliveries" ADD COLUMN "reattempted_at" timestamp with time zone;--> statement-breakpoint
-- A parcel already sent out again counts its estimate from when it last went out (decision 090).
UPDATE "deliveries" AS d SET "reattempted_at" = (
  SELECT max(e."created_at") FROM "delivery_events" AS e WHERE e."delivery_id" = d."id" AND e."status" = 'out_for_delivery'
) WHERE d."reattempts" > 0;

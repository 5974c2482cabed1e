CREATE TABLE "webhook_sequences" (
	"delivery_id" uuid PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_sequences" ADD CONSTRAINT "webhook_sequences_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_event_idx" ON "webhook_attempts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_sends_event_idx" ON "webhook_sends" USING btree ("event_id");--> statement-breakpoint
-- Each delivery's numbering goes on from its events so far (decision 054: the retention sweep may delete them all).
INSERT INTO "webhook_sequences" ("delivery_id", "last_sequence")
SELECT e."delivery_id", max(e."sequence")
FROM "webhook_events" e
JOIN "deliveries" d ON d."id" = e."delivery_id"
WHERE e."sequence" IS NOT NULL
GROUP BY e."delivery_id";

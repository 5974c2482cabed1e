CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"next_retry_at" timestamp with time zone,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"mode" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"secret_ciphertext" text NOT NULL,
	"previous_secret_ciphertext" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"delivery_id" uuid,
	"type" text NOT NULL,
	"sequence" integer,
	"livemode" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_relay_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_relay_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_sends" ADD CONSTRAINT "webhook_sends_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_sends" ADD CONSTRAINT "webhook_sends_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","attempted_at","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_delivery_sequence_key" ON "webhook_events" USING btree ("delivery_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_sends_endpoint_event_key" ON "webhook_sends" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_sends_due_idx" ON "webhook_sends" USING btree ("next_attempt_at") WHERE status = 'pending';
--> statement-breakpoint
-- Webhooks' transactional outbox (decision 054): a delivery's insert and each event the deliveries module appends
-- queue a change for the webhook relay in the same transaction, only for owners with an enabled endpoint. Statement
-- triggers with transition tables: one insert however many rows a statement wrote (a bulk import books many).
CREATE FUNCTION "webhook_queue_deliveries_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_relay_queue" ("delivery_id", "user_id", "kind", "occurred_at")
  SELECT i."id", i."user_id", 'created', i."created_at"
  FROM "inserted_deliveries" i
  WHERE EXISTS (SELECT 1 FROM "webhook_endpoints" e WHERE e."user_id" = i."user_id" AND e."enabled")
  ORDER BY i."number";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "deliveries_webhook_queue" AFTER INSERT ON "deliveries"
  REFERENCING NEW TABLE AS "inserted_deliveries"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_queue_deliveries_created"();
--> statement-breakpoint
CREATE FUNCTION "webhook_queue_delivery_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_relay_queue" ("delivery_id", "user_id", "kind", "occurred_at")
  SELECT i."delivery_id", d."user_id", i."status", i."created_at"
  FROM "inserted_delivery_events" i
  JOIN "deliveries" d ON d."id" = i."delivery_id"
  WHERE EXISTS (SELECT 1 FROM "webhook_endpoints" e WHERE e."user_id" = d."user_id" AND e."enabled")
  ORDER BY i."created_at", i."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "delivery_events_webhook_queue" AFTER INSERT ON "delivery_events"
  REFERENCING NEW TABLE AS "inserted_delivery_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_queue_delivery_events"();

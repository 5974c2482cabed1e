CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"line" text NOT NULL,
	"directions" text,
	"place_id" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"lga" text,
	"state" text NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pickup" jsonb NOT NULL,
	"dropoff" jsonb NOT NULL,
	"package_type" text NOT NULL,
	"package_weight" text NOT NULL,
	"transport_mode" text NOT NULL,
	"delivery_type" text NOT NULL,
	"delivery_time" text NOT NULL,
	"delivery_date" date NOT NULL,
	"distance_meters" integer NOT NULL,
	"interstate" boolean NOT NULL,
	"base_fare_kobo" bigint NOT NULL,
	"distance_fee_kobo" bigint NOT NULL,
	"service_fee_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"rate_card_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "quotes_total_positive" CHECK ("quotes"."total_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "pickup_lat" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "pickup_lng" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "dropoff_lat" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "dropoff_lng" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "distance_meters" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "interstate" boolean;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_expires_idx" ON "quotes" USING btree ("expires_at");
ALTER TABLE "drivers" ADD COLUMN "on_duty" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "on_duty_changed_at" timestamp with time zone;
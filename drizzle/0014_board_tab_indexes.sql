DROP INDEX "deliveries_board_status_idx";--> statement-breakpoint
CREATE INDEX "deliveries_board_delivered_idx" ON "deliveries" USING btree ("updated_at","number") WHERE paid_at is not null and status = 'delivered';--> statement-breakpoint
CREATE INDEX "deliveries_board_cancelled_idx" ON "deliveries" USING btree ("updated_at","number") WHERE paid_at is not null and status = 'cancelled';
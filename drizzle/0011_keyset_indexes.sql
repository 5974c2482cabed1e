DROP INDEX "deliveries_user_created_idx";--> statement-breakpoint
DROP INDEX "delivery_events_delivery_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_user_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "withdrawals_status_idx";--> statement-breakpoint
DROP INDEX "partner_applications_status_idx";--> statement-breakpoint
CREATE INDEX "deliveries_user_display_idx" ON "deliveries" USING btree ("user_id",(case when status in ('awaiting_payment', 'pending') then 'pending' when status in ('picked_up', 'in_transit', 'out_for_delivery') then 'in_transit' else status end),"created_at","number");--> statement-breakpoint
CREATE INDEX "deliveries_board_unassigned_idx" ON "deliveries" USING btree ("paid_at","number") WHERE status = 'pending' and driver_id is null;--> statement-breakpoint
CREATE INDEX "deliveries_board_active_idx" ON "deliveries" USING btree ("paid_at","number") WHERE driver_id is not null and status in ('pending', 'picked_up', 'in_transit', 'out_for_delivery');--> statement-breakpoint
CREATE INDEX "deliveries_board_status_idx" ON "deliveries" USING btree ("status","updated_at","number") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "deliveries_board_all_idx" ON "deliveries" USING btree ("updated_at","number") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "deliveries_driver_active_idx" ON "deliveries" USING btree ("driver_id","paid_at","number") WHERE driver_id is not null and status in ('pending', 'picked_up', 'in_transit', 'out_for_delivery');--> statement-breakpoint
CREATE INDEX "deliveries_driver_delivered_idx" ON "deliveries" USING btree ("driver_id","updated_at","number") WHERE status = 'delivered';--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","created_at","id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "partner_applications_created_idx" ON "partner_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_user_created_idx" ON "deliveries" USING btree ("user_id","created_at","number");--> statement-breakpoint
CREATE INDEX "delivery_events_delivery_idx" ON "delivery_events" USING btree ("delivery_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "partner_applications_status_idx" ON "partner_applications" USING btree ("status","created_at","id");
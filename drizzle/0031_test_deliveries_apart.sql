-- My Deliveries lists one mode at a time (decision 079): its indexes lead with the owner and the mode, so a page of
-- either mode reads only its own rows. All of a mode is deliveries_merchant_idx (owner, mode, created_at, number),
-- which the merchant API's list already has; the owner-only indexes it replaces are dropped once the new ones exist.
CREATE INDEX "deliveries_user_mode_display_idx" ON "deliveries" USING btree ("user_id","livemode",(case when status in ('awaiting_payment', 'pending') then 'pending' when status in ('picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning') then 'in_transit' else status end),"created_at","number");--> statement-breakpoint
CREATE INDEX "deliveries_user_mode_cod_idx" ON "deliveries" USING btree ("user_id","livemode","created_at","number") WHERE cod_amount_kobo is not null;--> statement-breakpoint
DROP INDEX "deliveries_user_created_idx";--> statement-breakpoint
DROP INDEX "deliveries_user_display_idx";--> statement-breakpoint
DROP INDEX "deliveries_user_cod_idx";

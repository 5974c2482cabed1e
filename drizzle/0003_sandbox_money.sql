ALTER TABLE "ledger_entries" ADD COLUMN "sandbox_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "sandbox_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_sandbox_within_balance" CHECK ("wallets"."sandbox_kobo" >= 0 and "wallets"."sandbox_kobo" <= "wallets"."balance_kobo");
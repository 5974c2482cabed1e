/** What every payout gateway offers the wallet's withdrawals. Amounts are integer kobo, currency NGN only. */

export interface RecipientInput {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

export interface Recipient {
  /** The gateway's handle for the account (Paystack `RCP_…`); store it with the payout account. */
  recipientCode: string;
  /** The name the bank holds for the account, when the gateway resolved it. */
  resolvedAccountName: string | null;
}

export interface TransferInput {
  /** Ours, unique per withdrawal: 16–50 characters of a-z, 0-9, '-' and '_'. Retrying with it is safe. */
  reference: string;
  amountKobo: number;
  recipientCode: string;
  reason: string;
}

export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed';

export type TransferResult =
  /** The gateway took the transfer; `success` may come at once, otherwise later by webhook or verification. */
  | { outcome: 'accepted'; status: 'pending' | 'success'; transferCode: string | null }
  /** The gateway refused it and nothing was sent (e.g. its balance is short): release the hold. */
  | { outcome: 'rejected'; reason: string };

export type VerifyTransferResult =
  | { status: TransferStatus; amountKobo: number; transferCode: string | null; raw: unknown }
  /** The gateway never received a transfer with this reference. */
  | { status: 'not_found' };

export type PayoutWebhookEvent =
  | {
      type: 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
      reference: string;
      amountKobo: number;
      transferCode: string | null;
      raw: unknown;
    }
  | { type: 'ignored'; event: string };

export interface PayoutGateway {
  readonly name: 'manual' | 'paystack';
  /**
   * `webhook`: the gateway settles transfers and reports them (webhook, verifyTransfer).
   * `operator`: nothing is sent anywhere; an operator pays by hand and marks the withdrawal paid or failed.
   */
  readonly settlement: 'webhook' | 'operator';
  /** Throws AppError PAYOUT_ACCOUNT_REJECTED when the bank does not know the account. */
  createRecipient(input: RecipientInput): Promise<Recipient>;
  /** Throws AppError GATEWAY_UNAVAILABLE when the outcome is unknown (timeout): verify before deciding. */
  initiateTransfer(input: TransferInput): Promise<TransferResult>;
  verifyTransfer(reference: string): Promise<VerifyTransferResult>;
  /** Throws AppError INVALID_SIGNATURE unless the body is authentic. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | string[] | undefined): PayoutWebhookEvent;
}

export const TRANSFER_REFERENCE_PATTERN = /^[a-z0-9_-]{16,50}$/;

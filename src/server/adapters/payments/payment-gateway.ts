/** What every payment gateway offers the payments module. Amounts are integer kobo. */
export interface InitializeInput {
  reference: string;
  amountKobo: number;
  email: string;
  /** Where the gateway sends the payer back to (the app's payment screen). */
  callbackUrl: string;
  /**
   * Whose checkout it is: the signed-in account that started it, or null for anyone holding its reference (a
   * receiver's pay-on-delivery payment). The sandbox's checkout keeps to it; a hosted gateway's is its own.
   */
  payerUserId: string | null;
}

export type GatewayStatus = 'success' | 'failed' | 'pending';

export interface VerifyResult {
  status: GatewayStatus;
  amountKobo: number;
  /** ISO 4217 as the gateway reports it; only NGN settles a payment. Empty when the gateway did not say. */
  currency: string;
  raw: unknown;
}

export type WebhookEvent =
  | { type: 'charge.success'; reference: string; amountKobo: number; currency: string; raw: unknown }
  | { type: 'ignored'; event: string };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'paystack';
  /** Whether callback URLs must be absolute (an external site redirects back) or may be same-origin paths. */
  readonly needsAbsoluteCallback: boolean;
  initialize(input: InitializeInput): Promise<{ checkoutUrl: string }>;
  verify(reference: string): Promise<VerifyResult>;
  /**
   * Gives a settled charge's money back to the payer (a second pay-on-delivery payment, a receiver's refund on a
   * return). Repeating it is harmless. Throws AppError GATEWAY_UNAVAILABLE when the gateway does not take it.
   */
  refund(reference: string, amountKobo: number): Promise<{ raw: unknown }>;
  /** Throws AppError INVALID_SIGNATURE unless the body is authentic. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}

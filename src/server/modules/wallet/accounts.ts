import type { PlatformAccountType } from '../../db/schema/index.js';

/** The gateways money enters or leaves by: payment gateways (sandbox, paystack) and the manual payout (a bank transfer by hand). */
export type GatewayName = 'sandbox' | 'paystack' | 'manual';

/** An account on the platform's side of the ledger; each user's wallet is the other side (ledger_entries). */
export interface Account {
  type: PlatformAccountType;
  key?: string;
}

export const ACCOUNTS = {
  revenue: { type: 'revenue' },
  /** Contra-revenue: refunds are booked here, so revenue only ever grows and refunds stay visible. */
  refunds: { type: 'refunds' },
  payoutsInTransit: { type: 'payouts_in_transit' },
  adjustments: { type: 'adjustments' },
  clearing: (gateway: GatewayName): Account => ({ type: 'gateway_clearing', key: gateway }),
  driverEarnings: (driverId: string): Account => ({ type: 'driver_earnings', key: driverId }),
  /** A pay-on-delivery order's return reserve, paid by the shipper with the delivery fee (decision 053). */
  codReserve: (deliveryId: string): Account => ({ type: 'cod_reserve', key: deliveryId }),
  /** What the receiver of a pay-on-delivery order paid, held until the hand-over settles it or a return refunds it. */
  codEscrow: (deliveryId: string): Account => ({ type: 'cod_escrow', key: deliveryId }),
  /** What a user owes the platform: its balance is minus their wallet's owed_kobo. */
  receivable: (userId: string): Account => ({ type: 'receivable', key: userId }),
} as const satisfies Record<string, Account | ((key: never) => Account)>;

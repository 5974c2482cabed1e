/** Accounts e2e/prepare.ts creates for every browser run (throwaway database, loopback only). */
export const E2E_OPERATOR = { email: 'dispatch.desk@example.com', password: 'Dispatch!Desk-2718' } as const;

/**
 * A customer whose wallet holds ₦50,000 of real (not test-mode) money, so a withdrawal can be paid out after the
 * bookings, return fees and withdrawals of every spec that uses it.
 */
export const E2E_FUNDED_CUSTOMER = { email: 'funded.shipper@example.com', password: 'Funded!Shipper-2718', walletKobo: 5_000_000 } as const;

/** An approved driver with a motorbike (transport mode bike), for specs that need a delivery on the road. */
export const E2E_DRIVER = { email: 'rider.musa@example.com', password: 'Rider!Musa-2718' } as const;

import { useMutation } from '@tanstack/react-query';
import { withdrawalAccountNumberSchema } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';

/**
 * `POST /api/dispatch/withdrawals/{id}/account-number`: the whole account number of a withdrawal to pay by hand.
 * Asked for each time it is shown (the server logs each), never cached.
 */
export function revealAccountNumber(id: string) {
  return apiRequest(`/dispatch/withdrawals/${encodeURIComponent(id)}/account-number`, withdrawalAccountNumberSchema, { body: {} });
}

export function useRevealAccountNumber() {
  return useMutation({ mutationFn: revealAccountNumber });
}

import { useMutation } from '@tanstack/react-query';
import { topUpResultSchema, type TopUpResult } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';

export interface TopUpRequest {
  amountKobo: number;
  /** One per dialog submission, reused when the same submission is retried. */
  idempotencyKey: string;
}

/** `POST /api/wallet/top-ups`: starts a gateway payment; the wallet is credited only once it is verified. */
export function createTopUp({ amountKobo, idempotencyKey }: TopUpRequest): Promise<TopUpResult> {
  return apiRequest('/wallet/top-ups', topUpResultSchema, {
    body: { amountKobo },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateTopUp() {
  return useMutation({ mutationFn: createTopUp });
}

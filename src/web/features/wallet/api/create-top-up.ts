import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/web/lib/api-client';

const topUpResultSchema = z.object({ reference: z.string(), checkoutUrl: z.string() });
export type TopUpResult = z.infer<typeof topUpResultSchema>;

export interface TopUpRequest {
  amountKobo: number;
  /** One per dialog submission, reused when the same submission is retried. */
  idempotencyKey: string;
}

/** `POST /api/wallet/top-ups`: starts a gateway payment; the wallet is credited only once it is verified. */
export async function createTopUp({ amountKobo, idempotencyKey }: TopUpRequest): Promise<TopUpResult> {
  return topUpResultSchema.parse(
    await apiRequest<unknown>('/wallet/top-ups', {
      body: { amountKobo },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export function useCreateTopUp() {
  return useMutation({ mutationFn: createTopUp });
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unreadCountSchema } from '@/shared/schemas/notifications';
import { ApiError, readApiAnswer } from './api-client';

const thrown = (run: () => unknown): ApiError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
};

describe('readApiAnswer', () => {
  it("resolves to the data as the endpoint's schema parses it, with the answer's type", () => {
    const answer = readApiAnswer('/x', 200, { success: true, data: { count: 3, extra: 1 }, message: 'OK', type: 'next' }, unreadCountSchema);
    expect(answer).toEqual({ data: { count: 3 }, type: 'next' });
  });

  it('turns a failure envelope into the ApiError it describes', () => {
    const error = thrown(() =>
      readApiAnswer(
        '/x',
        422,
        {
          success: false,
          data: null,
          message: 'English',
          code: 'VALIDATION_FAILED',
          params: { seconds: 4 },
          detailKeys: { amountKobo: ['walletMoney.validation.belowMinimum'] },
          detailParams: { amountKobo: { amount: '₦100.00' } },
          type: 'error',
        },
        unreadCountSchema,
      ),
    );
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', params: { seconds: 4 }, type: 'error' });
    expect(error.firstFieldKey).toBe('walletMoney.validation.belowMinimum');
    expect(error.firstFieldParams).toEqual({ amount: '₦100.00' });
  });

  it('reads a code this build does not know as no code (the screen says its own words)', () => {
    const error = thrown(() => readApiAnswer('/x', 409, { success: false, data: null, message: 'm', code: 'FROM_THE_FUTURE' }, z.null()));
    expect(error.status).toBe(409);
    expect(error.code).toBeUndefined();
  });

  it('fails the request, not the screen, when a success does not match the contract', () => {
    for (const payload of [
      { success: true, data: { count: 'three' }, message: 'OK' },
      { success: true, data: null, message: 'OK' },
      { success: true, message: 'OK' },
      ['not', 'an', 'envelope'],
      'text',
    ]) {
      const error = thrown(() => readApiAnswer('/notifications/unread-count', 200, payload, unreadCountSchema));
      expect(error.status).toBe(200);
      expect(error.code).toBeUndefined();
      expect(error.unavailable).toBe(false);
      expect(error.message).toContain('/notifications/unread-count');
    }
  });

  it('accepts an empty answer only where the contract says so', () => {
    expect(readApiAnswer('/x', 200, { success: true, data: null, message: 'OK' }, z.null()).data).toBeNull();
  });
});

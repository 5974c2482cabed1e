import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/index.js';
import { DEFAULT_TEST_PASSWORD, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { smsBudgetPrefix } from './auth-service.js';
import { RELAXED_LIMITS, ageSends, expectSameRefusal, messagesFor, post, register, uniqueEmail } from '../../test/auth-test-helpers.js';

/** A valid Nigerian mobile number under one operator prefix (e.g. 803 → 234803). */
const numberUnder = (operator: string) => `+234${operator}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

const BUDGET_BODY = {
  success: false,
  data: null,
  code: 'CODE_BUDGET_EXCEEDED',
  params: { seconds: expect.any(Number) },
  message: 'We cannot send codes by text message right now. Please try again later.',
};

function expectOverBudget(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(BUDGET_BODY);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe('hourly budget for codes sent by SMS or WhatsApp', () => {
  it('counts by the first six digits of the number', () => {
    expect(smsBudgetPrefix('+2348031234567')).toBe('234803');
    expect(smsBudgetPrefix('+447700900123')).toBe('447700');
  });

  describe('per prefix 2, overall 3', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ ...RELAXED_LIMITS, CODE_SMS_BUDGET_PER_PREFIX_PER_HOUR: '2', CODE_SMS_BUDGET_PER_HOUR: '3' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('refuses sign-up codes above the prefix budget, then above the overall one, with a warning in the log', async () => {
      const warn = vi.spyOn(t.app.log, 'warn');
      expect((await register(t, { phone: numberUnder('803') })).statusCode).toBe(200);
      expect((await register(t, { whatsapp_number: numberUnder('803') })).statusCode).toBe(200);

      const refused = numberUnder('803');
      const res = await register(t, { phone: refused });
      expectOverBudget(res);
      // Nothing was created or sent for the refused number.
      expect(await t.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, refused))).toEqual([]);
      expect(await messagesFor(t, refused)).toEqual([]);
      expect(warn).toHaveBeenCalledWith({ budget: 'prefix', prefix: '234803' }, expect.stringMatching(/SMS code budget/));

      // Another operator's numbers have their own budget, until the overall one is spent.
      expect((await register(t, { phone: numberUnder('805') })).statusCode).toBe(200);
      expectOverBudget(await register(t, { phone: numberUnder('806') }));
      expect(warn).toHaveBeenCalledWith({ budget: 'overall', prefix: '234806' }, expect.stringMatching(/SMS code budget/));

      // Email codes cost nothing and are not limited by it.
      expect((await register(t, { email: uniqueEmail() })).statusCode).toBe(200);
      warn.mockRestore();
    });
  });

  describe('per prefix 1', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ ...RELAXED_LIMITS, CODE_SMS_BUDGET_PER_PREFIX_PER_HOUR: '1' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers forgot-password identically for real and unknown numbers, within and above the budget', async () => {
      const owner = await createUser(t.deps.db, { email: null, phone: numberUnder('807') });
      const first = await post(t, '/api/forgot-password', { identifier: numberUnder('807') });
      expect(first.statusCode).toBe(200);

      const real = await post(t, '/api/forgot-password', { identifier: owner.phone });
      const unknown = await post(t, '/api/forgot-password', { identifier: numberUnder('807') });
      expectOverBudget(real);
      expectOverBudget(unknown);
      expectSameRefusal(real, unknown);
      expect(await messagesFor(t, owner.phone!)).toEqual([]);

      // Resending a verification code is held to the same budget.
      expectOverBudget(await post(t, '/api/resend-verification-otp', { identifier: numberUnder('807') }));
    });

    it('still answers "unverified" at sign-in when the budget has no room for a fresh code', async () => {
      const phone = numberUnder('809');
      expect((await register(t, { phone })).statusCode).toBe(200);
      expect(await messagesFor(t, phone)).toHaveLength(1);
      // Past the resend cooldown, a sign-in would normally send a fresh code: the budget is spent.
      await ageSends(t, phone, 120);
      const res = await post(t, '/api/login', { identifier: phone, password: DEFAULT_TEST_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ACCOUNT_UNVERIFIED', type: 'unverified' });
      expect(await messagesFor(t, phone)).toHaveLength(1);
    });
  });
});

import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { codeSends, oneTimeCodes } from '../db/schema/index.js';
import { DEFAULT_TEST_PASSWORD, uniqueSuffix } from './factories.js';
import type { TestApp } from './test-app.js';

/** Limits high enough that tests sharing one client IP do not trip them (rate limits have their own tests). */
export const RELAXED_LIMITS = {
  SIGNIN_RATE_LIMIT_PER_MINUTE: '100000',
  CODE_CHECK_RATE_LIMIT_PER_MINUTE: '100000',
  CODE_SEND_RATE_LIMIT_PER_MINUTE: '100000',
};

export const uniqueEmail = () => `person-${uniqueSuffix()}@example.ng`;

/** A valid, unused Nigerian mobile number in E.164. */
export function uniquePhone() {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `+23480${digits}`;
}

export function post(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export async function register(t: TestApp, body: Record<string, unknown>) {
  return post(t, '/api/register', { name: 'Chinedu Eze', password: DEFAULT_TEST_PASSWORD, ...body });
}

/** Messages the dev outbox holds for `to`, newest first, read the way a person or e2e test would. */
export async function messagesFor(t: TestApp, to: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/messages?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { to: string; channel: string; subject: string; body: string; createdAt: string }[];
}

export async function latestCode(t: TestApp, to: string): Promise<string> {
  const [message] = await messagesFor(t, to);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Registers with an email and verifies it; returns the identifier. */
export async function registerVerified(t: TestApp, email = uniqueEmail(), password = DEFAULT_TEST_PASSWORD) {
  const res = await register(t, { email, password });
  expect(res.statusCode).toBe(200);
  const otp = await latestCode(t, email);
  const verified = await post(t, '/api/verify-otp', { identifier: email, otp });
  expect(verified.statusCode).toBe(200);
  return email;
}

/** Pretends the last sends to `identifier` happened `seconds` earlier (resend cooldown and hourly cap). */
export async function ageSends(t: TestApp, identifier: string, seconds: number) {
  await t.deps.db
    .update(codeSends)
    .set({ sentAt: sql`${codeSends.sentAt} - make_interval(secs => ${seconds})` })
    .where(eq(codeSends.identifier, identifier));
}

export async function expireCodes(t: TestApp, identifier: string) {
  await t.deps.db
    .update(oneTimeCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(oneTimeCodes.identifier, identifier));
}

export function wrongCode(code: string) {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/**
 * Two refusals (a real account's and an unknown one's) answer the same: the same body, and the same wait but for the
 * time between the two requests, which may cross a second's boundary (in `params.seconds` and in the message).
 */
export function expectSameRefusal(a: { json(): unknown }, b: { json(): unknown }) {
  const split = (res: { json(): unknown }) => {
    const { params, message, ...rest } = res.json() as { params?: { seconds?: number } | null; message?: unknown };
    const { seconds, ...otherParams } = params ?? {};
    const wait = seconds === undefined ? null : new Intl.NumberFormat('en-US').format(seconds);
    const text = typeof message === 'string' && wait !== null ? message.replace(wait, '{{seconds}}') : message;
    return { rest: { ...rest, params: otherParams, message: text }, seconds };
  };
  const first = split(a);
  const second = split(b);
  expect(first.rest).toEqual(second.rest);
  if (first.seconds === undefined || second.seconds === undefined) expect(first.seconds).toEqual(second.seconds);
  else expect(Math.abs(first.seconds - second.seconds)).toBeLessThanOrEqual(1);
}

import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { readSignUpCode } from './outbox.js';

let accounts = 0;

/**
 * Registers an account through the API and verifies it with the code from the dev outbox, as a person would
 * with the code from their inbox. `request` holds the new session afterwards. Returns the (unique) email.
 */
export async function registerVerified(request: APIRequestContext, name: string, password: string, prefix = 'user') {
  accounts += 1;
  const email = `${prefix}.${Date.now()}.${accounts}@example.com`;
  const registered = await request.post('/api/register', { data: { name, email, password } });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const code = await readSignUpCode(request, email);
  const verified = await request.post('/api/verify-otp', {
    data: { identifier: email, otp: code, startSession: true },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  return email;
}

/** The same, with the session cookie handed to a browser context, so its pages are signed in. */
export async function signUpInBrowser(
  request: APIRequestContext,
  context: BrowserContext,
  name: string,
  password: string,
  prefix?: string,
) {
  const email = await registerVerified(request, name, password, prefix);
  await context.addCookies((await request.storageState()).cookies);
  return email;
}

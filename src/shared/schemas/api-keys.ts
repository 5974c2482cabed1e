import { z } from 'zod';
import { API_KEY_NAME_MAX } from '../rule-limits.js';

/**
 * Merchant API keys (issue 23): `lf_test_…` books test-mode deliveries paid with sandbox money, `lf_live_…` real
 * ones. The secret is shown once, at creation; afterwards only its name, mode and last four characters.
 */
export const API_KEY_MODES = ['test', 'live'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/** How many unrevoked keys an account may hold: a bounded list, and a bounded number of secrets to leak. */
export const API_KEY_LIMIT = 20;

/** `lf_<mode>_` then 32 base62 characters (about 190 bits). */
export const API_KEY_PATTERN = /^lf_(test|live)_[0-9A-Za-z]{32}$/;

export const API_KEY_MESSAGE_KEYS = {
  name: 'developers.keys.validation.name',
  mode: 'developers.keys.validation.mode',
} as const;

export const apiKeyCreateBodySchema = z.strictObject({
  name: z.string({ error: API_KEY_MESSAGE_KEYS.name }).trim().min(1, API_KEY_MESSAGE_KEYS.name).max(API_KEY_NAME_MAX, API_KEY_MESSAGE_KEYS.name),
  mode: z.enum(API_KEY_MODES, { error: API_KEY_MESSAGE_KEYS.mode }),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mode: z.enum(API_KEY_MODES),
  last4: z.string(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the only time the secret is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** Any id the server never gave out is simply not found (404), as another account's key is. */
export const apiKeyIdParamsSchema = z.object({ id: z.string().trim().max(64) });

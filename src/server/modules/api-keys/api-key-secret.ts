import { createHmac, randomBytes } from 'node:crypto';
import { API_KEY_PATTERN, type ApiKeyMode } from '../../../shared/schemas/api-keys.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 32;
/** Protects nothing: only so that development works without configuration (production sets API_KEY_PEPPER). */
const DEVELOPMENT_PEPPER = 'lanefreight-development-api-key-pepper';

/**
 * A new key: `lf_<mode>_` and 32 base62 characters drawn without bias (about 190 bits), letters and digits only so
 * a double click selects it whole.
 */
export function generateApiKey(mode: ApiKeyMode): string {
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(48)) {
      // 248 = 4 × 62: bytes above it would favour the first characters.
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += BASE62[byte % 62];
    }
  }
  return `lf_${mode}_${secret}`;
}

/** The mode a well-formed key names, or null for anything that is not one of our keys. */
export function modeOfApiKey(key: string): ApiKeyMode | null {
  const match = API_KEY_PATTERN.exec(key);
  return match ? (match[1] as ApiKeyMode) : null;
}

/**
 * How a key is stored and looked up: HMAC-SHA256 under a server-side pepper. The key is random and long, so a slow
 * password hash would add nothing but latency to every API call; the pepper makes a leaked table useless alone.
 */
export function createApiKeyHasher(pepper: string | undefined) {
  const secret = pepper ?? DEVELOPMENT_PEPPER;
  return (key: string) => createHmac('sha256', secret).update(key).digest('hex');
}
export type ApiKeyHasher = ReturnType<typeof createApiKeyHasher>;

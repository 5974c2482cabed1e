import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (webhook signing secrets, decision 054; account numbers of withdrawals paid by
 * hand, decision 075), sealed at rest: AES-256-GCM under a server key, a fresh IV each, as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. The version lets the key be changed later by re-encrypting.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('a secret box key must be 32 bytes');
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    /** Throws when the value was not sealed under this key (or was altered). */
    open(sealed: string): string {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unreadable sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

/**
 * The box for a configured key (32 bytes in base64). Without one: outside production, `developmentKey`, which anyone
 * can read in the code, so development needs no configuration; in production, none (the feature answers 503).
 */
export function configuredSecretBox(configured: string | undefined, isProduction: boolean, developmentKey: Buffer): SecretBox | null {
  if (configured) return createSecretBox(Buffer.from(configured, 'base64'));
  return isProduction ? null : createSecretBox(developmentKey);
}

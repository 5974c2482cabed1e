import type { ApiKeyMode } from '../../shared/schemas/api-keys.js';

/** Who calls the merchant API (`/api/v1`): the key, its owner and its mode. Set only by the API key authentication. */
export interface ApiKeyCaller {
  keyId: string;
  userId: string;
  mode: ApiKeyMode;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a `/api/v1` request; null everywhere else. */
    apiKey: ApiKeyCaller | null;
  }
}

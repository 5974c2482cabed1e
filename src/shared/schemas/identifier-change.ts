import { z } from 'zod';
import { AUTH_MESSAGE_KEYS } from './auth.js';

/**
 * Changing the email or phone: `POST /api/update/user-profile` with the new value and `currentPassword` answers
 * with this `type` once a code went to the new identifier; `POST /api/update/user-profile/confirm` with the code
 * then makes the change.
 */
export const IDENTIFIER_CHANGE_PENDING_TYPE = 'confirm-identifier-change';

export const confirmIdentifierChangeBodySchema = z
  .object({ code: z.string().regex(/^\d{6}$/, AUTH_MESSAGE_KEYS.otpInvalid) })
  .strict();
export type ConfirmIdentifierChangeBody = z.infer<typeof confirmIdentifierChangeBodySchema>;

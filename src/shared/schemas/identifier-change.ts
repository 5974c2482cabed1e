import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.js';

/**
 * Changing the email or phone: `POST /api/update/user-profile` with the new value and `currentPassword` answers
 * with this `type` once a code went to the new identifier; `POST /api/update/user-profile/confirm` with the code
 * then makes the change.
 */
export const IDENTIFIER_CHANGE_PENDING_TYPE = 'confirm-identifier-change';

export const IDENTIFIER_CHANGE_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password to change your email or phone number.',
  oneAtATime: 'Please change your email address and your phone number one at a time.',
  codeSent: 'We sent a code to your new email address or phone number. Enter it to confirm the change.',
  confirmed: 'Your email address or phone number has been changed. Your other devices have been signed out.',
} as const;

export const confirmIdentifierChangeBodySchema = z
  .object({ code: z.string().regex(/^\d{6}$/, AUTH_MESSAGES.otpInvalid) })
  .strict();
export type ConfirmIdentifierChangeBody = z.infer<typeof confirmIdentifierChangeBodySchema>;

import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';

/** `type` of a field error set from a server refusal, whose message is already in words (with its parameters). */
export const SERVER_ERROR = 'server';

/**
 * A field's words: the shared schemas' messages are i18n keys, translated here; a server refusal set with
 * `type: SERVER_ERROR` is shown as it is.
 */
export function fieldErrorText(t: TFunction, error: Pick<FieldError, 'type' | 'message'> | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === SERVER_ERROR ? error.message : t(error.message);
}

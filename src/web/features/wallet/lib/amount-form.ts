import { z } from 'zod';
import { AMOUNT_MESSAGES, parseNairaToKobo, type AmountProblem } from './amount';

const PROBLEM_OF_MESSAGE = new Map<string, AmountProblem>(
  Object.entries(AMOUNT_MESSAGES).map(([problem, message]) => [message, problem as AmountProblem]),
);

/** Which amount problem a field message (a key of AMOUNT_MESSAGES, the shared schema's or the form's) names. */
export function amountProblemOf(message: string | undefined): AmountProblem | undefined {
  return message === undefined ? undefined : PROBLEM_OF_MESSAGE.get(message);
}

/**
 * The amount as people type it (naira: "5,000", "₦5,000.50"), turned into integer kobo and then checked by the
 * request body's own amount schema, so the form and the server refuse the same amounts with the same words.
 */
export function nairaAmountField(amountKobo: z.ZodType<number, number>) {
  return z
    .string()
    .transform((text, ctx) => {
      const parsed = parseNairaToKobo(text);
      if (parsed.ok) return parsed.kobo;
      // Beyond any limit: the amount schema then names its maximum, as it would for any amount above it.
      if (parsed.problem === 'tooLarge') return Number.MAX_SAFE_INTEGER;
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES.invalid });
      return z.NEVER;
    })
    .pipe(amountKobo);
}

import { parseFailedAttemptNote } from '@/shared/schemas/deliveries';
import { PAYMENT_METHODS, type PaymentMethod } from '@/shared/schemas/payments';

const isPaymentMethod = (value: string | undefined): value is PaymentMethod => PAYMENT_METHODS.some((method) => method === value);

/**
 * A history entry's note in words. The lifecycle writes notes of its own: on payment (`paid:<method>`), on delivery
 * (`handover:code`, and `handover:operator <what the operator wrote>`), on a failed attempt (`failed:<reason> <what
 * the driver wrote>`) and on the decision after it (`reattempt:<who>`, `return:<who>`); test mode's moves
 * (`test:<move>`, `handover:test`, `return:test`) are named as such. Any other note is an operator's own words, as
 * written (the name on a driver's assignment too).
 */
export function historyNote(note: string): { key: string; params?: Record<string, string> } | { text: string } {
  if (note === 'handover:code') return { key: 'dispatch.card.noteCode' };
  const paid = /^paid:(\w+)$/.exec(note);
  if (paid && isPaymentMethod(paid[1])) return { key: `dispatch.card.notePaid_${paid[1]}` };
  if (/^test:\w+$/.test(note) || note === 'handover:test' || note === 'return:test') return { key: 'dispatch.card.noteTest' };
  const failed = parseFailedAttemptNote(note);
  if (failed) return { key: 'dispatch.card.noteFailed', params: { reason: `driverWorkspace.failedAttempt.reasons.${failed.reason}`, note: failed.note } };
  const decided = /^(reattempt|return):(operator|customer|system)$/.exec(note);
  if (decided) return { key: `dispatch.card.note_${decided[1]}_${decided[2]}` };
  const operatorNote = /^handover:operator\s*(.*)$/s.exec(note);
  if (operatorNote) return { key: 'dispatch.card.noteOperator', params: { note: operatorNote[1]?.trim() ?? '' } };
  return { text: note };
}

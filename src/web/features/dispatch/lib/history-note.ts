/**
 * A history entry's note in words. The lifecycle writes notes of its own: on delivery (`handover:code`, and
 * `handover:operator <what the operator wrote>`), on a failed attempt (`failed:<reason> <what the driver wrote>`) and
 * on the decision after it (`reattempt:<who>`, `return:<who>`); any other note is an operator's own words, as written.
 */
export function historyNote(note: string): { key: string; params?: Record<string, string> } | { text: string } {
  if (note === 'handover:code') return { key: 'dispatch.card.noteCode' };
  const failed = /^failed:(\w+)\s*(.*)$/s.exec(note);
  if (failed) return { key: 'dispatch.card.noteFailed', params: { reason: `driverWorkspace.failedAttempt.reasons.${failed[1]}`, note: failed[2]?.trim() ?? '' } };
  const decided = /^(reattempt|return):(operator|customer|system)$/.exec(note);
  if (decided) return { key: `dispatch.card.note_${decided[1]}_${decided[2]}` };
  const operatorNote = /^handover:operator\s*(.*)$/s.exec(note);
  if (operatorNote) return { key: 'dispatch.card.noteOperator', params: { note: operatorNote[1]?.trim() ?? '' } };
  return { text: note };
}

/**
 * A history entry's note in words. The lifecycle writes two notes of its own on delivery (`handover:code`, and
 * `handover:operator <what the operator wrote>`); any other note is an operator's own words, shown as written.
 */
export function historyNote(note: string): { key: string; params?: Record<string, string> } | { text: string } {
  if (note === 'handover:code') return { key: 'dispatch.card.noteCode' };
  const operatorNote = /^handover:operator\s*(.*)$/s.exec(note);
  if (operatorNote) return { key: 'dispatch.card.noteOperator', params: { note: operatorNote[1]?.trim() ?? '' } };
  return { text: note };
}

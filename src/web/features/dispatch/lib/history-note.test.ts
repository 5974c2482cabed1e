import { describe, expect, it } from 'vitest';
import { historyNote } from './history-note';

describe('historyNote', () => {
  it('names a handover with the code', () => {
    expect(historyNote('handover:code')).toEqual({ key: 'dispatch.card.noteCode' });
  });

  it("names an operator's completion with what they wrote", () => {
    expect(historyNote('handover:operator Receiver confirmed by phone')).toEqual({
      key: 'dispatch.card.noteOperator',
      params: { note: 'Receiver confirmed by phone' },
    });
  });

  it("names a failed attempt's reason (a key) with what the driver wrote, and who decided after it", () => {
    expect(historyNote('failed:other Gate locked')).toEqual({
      key: 'dispatch.card.noteFailed',
      params: { reason: 'driverWorkspace.failedAttempt.reasons.other', note: 'Gate locked' },
    });
    expect(historyNote('failed:refused')).toEqual({ key: 'dispatch.card.noteFailed', params: { reason: 'driverWorkspace.failedAttempt.reasons.refused', note: '' } });
    expect(historyNote('reattempt:customer')).toEqual({ key: 'dispatch.card.note_reattempt_customer' });
    expect(historyNote('return:system')).toEqual({ key: 'dispatch.card.note_return_system' });
  });

  it('names the payment that put the delivery on the board, never the raw note', () => {
    expect(historyNote('paid:wallet')).toEqual({ key: 'dispatch.card.notePaid_wallet' });
    expect(historyNote('paid:card')).toEqual({ key: 'dispatch.card.notePaid_card' });
  });

  it("names test mode's moves as such", () => {
    for (const note of ['test:advance', 'handover:test', 'return:test']) expect(historyNote(note)).toEqual({ key: 'dispatch.card.noteTest' });
  });

  it('shows any other note as written', () => {
    expect(historyNote('Gate closed, back at 5pm')).toEqual({ text: 'Gate closed, back at 5pm' });
  });
});

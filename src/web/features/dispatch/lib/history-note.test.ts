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

  it('shows any other note as written', () => {
    expect(historyNote('Gate closed, back at 5pm')).toEqual({ text: 'Gate closed, back at 5pm' });
  });
});

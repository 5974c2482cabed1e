import { describe, expect, it } from 'vitest';
import { boardActionsFor } from './board-actions';

const driver = { userId: '1c7b0e3e-0d7e-4a51-9d49-2f3b8f0b6a11', name: 'Musa Bello', phone: '+2348031234567', plateNumber: 'LND-234-XY' };

describe('boardActionsFor', () => {
  it('offers to assign a paid delivery without a driver, and nothing else', () => {
    expect(boardActionsFor({ status: 'pending', driver: null, handoverLocked: false })).toEqual({
      assign: 'assign',
      nextStatus: null,
      canComplete: false,
      canDecide: false,
      isLockedOut: false,
    });
  });

  it.each([
    ['pending', 'picked_up'],
    ['picked_up', 'in_transit'],
    ['in_transit', 'out_for_delivery'],
  ] as const)('moves %s on to %s once a driver is assigned, and offers to reassign', (status, next) => {
    expect(boardActionsFor({ status, driver, handoverLocked: false })).toEqual({ assign: 'reassign', nextStatus: next, canComplete: false, canDecide: false, isLockedOut: false });
  });

  it('never moves to delivered by hand: the code, or completion after the lockout', () => {
    expect(boardActionsFor({ status: 'out_for_delivery', driver, handoverLocked: false }).nextStatus).toBeNull();
    expect(boardActionsFor({ status: 'out_for_delivery', driver, handoverLocked: false }).canComplete).toBe(false);
    expect(boardActionsFor({ status: 'out_for_delivery', driver, handoverLocked: true }).canComplete).toBe(true);
  });

  it('warns of the lockout only while the hand-over is due, not once the delivery is completed', () => {
    expect(boardActionsFor({ status: 'out_for_delivery', driver, handoverLocked: true }).isLockedOut).toBe(true);
    expect(boardActionsFor({ status: 'returning', driver, handoverLocked: true }).isLockedOut).toBe(true);
    expect(boardActionsFor({ status: 'delivered', driver, handoverLocked: true }).isLockedOut).toBe(false);
    expect(boardActionsFor({ status: 'returned', driver, handoverLocked: true }).isLockedOut).toBe(false);
  });

  it.each(['delivered', 'returned', 'cancelled', 'awaiting_payment'] as const)('offers nothing for %s', (status) => {
    expect(boardActionsFor({ status, driver, handoverLocked: true })).toEqual({ assign: null, nextStatus: null, canComplete: false, canDecide: false, isLockedOut: false });
  });

  it('after a failed attempt, offers only the decision; on the way back, only completion after a lockout', () => {
    expect(boardActionsFor({ status: 'failed_attempt', driver, handoverLocked: false })).toEqual({ assign: null, nextStatus: null, canComplete: false, canDecide: true, isLockedOut: false });
    expect(boardActionsFor({ status: 'returning', driver, handoverLocked: false })).toEqual({ assign: null, nextStatus: null, canComplete: false, canDecide: false, isLockedOut: false });
    expect(boardActionsFor({ status: 'returning', driver, handoverLocked: true }).canComplete).toBe(true);
  });
});

import type { DeliveryStatus } from '@/shared/schemas/deliveries';
import { DRIVER_STATUS_STEPS, type DispatchDelivery } from '@/shared/schemas/dispatch';

/** Paid and on its way, in the lifecycle's order (the shared driver steps between paid and delivered). */
const ROAD: readonly DeliveryStatus[] = ['pending', ...DRIVER_STATUS_STEPS, 'delivered'];

/** What an operator can do to one delivery on the board; the server checks each again. */
export interface BoardActions {
  /** Assign (no driver yet) or reassign: while it is paid and not yet delivered. */
  assign: 'assign' | 'reassign' | null;
  /** The next step on the road the operator can record, never `delivered` (that needs the code or `complete`). */
  nextStatus: DeliveryStatus | null;
  /** Complete without the code: a hand-over is due (to the receiver, or back to the shipper) and the driver is locked out by wrong codes. */
  canComplete: boolean;
  /** A failed attempt waits for a decision: out again, or back to the shipper. */
  canDecide: boolean;
  /** Warn that wrong codes locked the driver out: only while the hand-over is still due, not once it is made. */
  isLockedOut: boolean;
}

export function boardActionsFor(delivery: Pick<DispatchDelivery, 'status' | 'driver' | 'handoverLocked'>): BoardActions {
  const index = ROAD.indexOf(delivery.status);
  const isOpen = index >= 0 && delivery.status !== 'delivered';
  const next = isOpen ? ROAD[index + 1] : undefined;
  const isLockedOut = (delivery.status === 'out_for_delivery' || delivery.status === 'returning') && delivery.handoverLocked;
  return {
    assign: isOpen ? (delivery.driver ? 'reassign' : 'assign') : null,
    nextStatus: delivery.driver && next && next !== 'delivered' ? next : null,
    canComplete: isLockedOut && delivery.driver !== null,
    canDecide: delivery.status === 'failed_attempt',
    isLockedOut,
  };
}

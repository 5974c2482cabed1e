import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../shared/schemas/deliveries.js';
import {
  ACTORS,
  CANCELLABLE_STATUSES,
  DRIVER_ASSIGNABLE_STATUSES,
  canMove,
  isCancellable,
  isDriverAssignable,
  isEditable,
  isPayable,
  isRefundableOnCancel,
  nextStatus,
  paymentRefusal,
} from './delivery-lifecycle.js';

/** Written out by hand, independently of MOVES: every allowed (from, to, actor); everything else is refused. */
const ALLOWED = new Set([
  'awaiting_payment>pending:customer',
  'awaiting_payment>pending:system',
  'awaiting_payment>cancelled:customer',
  'pending>cancelled:customer',
  'pending>picked_up:operator',
  'pending>picked_up:driver',
  'picked_up>in_transit:operator',
  'picked_up>in_transit:driver',
  'in_transit>out_for_delivery:operator',
  'in_transit>out_for_delivery:driver',
  'out_for_delivery>delivered:operator',
  'out_for_delivery>delivered:driver',
]);

describe('delivery lifecycle: every status × every target × every actor', () => {
  for (const from of DELIVERY_STATUSES) {
    for (const to of DELIVERY_STATUSES) {
      for (const actor of ACTORS) {
        const key = `${from}>${to}:${actor}`;
        const allowed = ALLOWED.has(key);
        it(`${from} → ${to} by ${actor}: ${allowed ? 'allowed' : 'refused'}`, () => {
          expect(canMove(from, to, actor)).toBe(allowed);
        });
      }
    }
  }
});

type Meaning = {
  payable: boolean;
  cancellable: boolean;
  refundable: boolean;
  editable: boolean;
  driver: boolean;
  next: DeliveryStatus | undefined;
  refusal: ReturnType<typeof paymentRefusal>;
};

const MEANING: Record<DeliveryStatus, Meaning> = {
  awaiting_payment: { payable: true, cancellable: true, refundable: false, editable: true, driver: false, next: undefined, refusal: null },
  pending: { payable: false, cancellable: true, refundable: true, editable: false, driver: true, next: 'picked_up', refusal: 'ALREADY_PAID' },
  picked_up: { payable: false, cancellable: false, refundable: false, editable: false, driver: true, next: 'in_transit', refusal: 'ALREADY_PAID' },
  in_transit: { payable: false, cancellable: false, refundable: false, editable: false, driver: true, next: 'out_for_delivery', refusal: 'ALREADY_PAID' },
  out_for_delivery: { payable: false, cancellable: false, refundable: false, editable: false, driver: true, next: 'delivered', refusal: 'ALREADY_PAID' },
  delivered: { payable: false, cancellable: false, refundable: false, editable: false, driver: false, next: undefined, refusal: 'ALREADY_PAID' },
  cancelled: { payable: false, cancellable: false, refundable: false, editable: false, driver: false, next: undefined, refusal: 'DELIVERY_NOT_PAYABLE' },
};

describe('what each status means', () => {
  for (const status of DELIVERY_STATUSES) {
    it(status, () => {
      expect({
        payable: isPayable(status),
        cancellable: isCancellable(status),
        refundable: isRefundableOnCancel(status),
        editable: isEditable(status),
        driver: isDriverAssignable(status),
        next: nextStatus(status),
        refusal: paymentRefusal(status),
      }).toEqual(MEANING[status]);
    });
  }

  it('lists the statuses for conditional writes', () => {
    expect(CANCELLABLE_STATUSES).toEqual(['awaiting_payment', 'pending']);
    expect(DRIVER_ASSIGNABLE_STATUSES).toEqual(['pending', 'picked_up', 'in_transit', 'out_for_delivery']);
  });
});

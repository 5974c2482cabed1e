import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../shared/schemas/deliveries.js';
import {
  ACTIVE_JOB_STATUSES,
  AWAITING_DECISION_STATUSES,
  FAILABLE_STATUSES,
  handoverTarget,
  ACTORS,
  CANCELLABLE_STATUSES,
  HANDOVER_DUE_STATUSES,
  isHandoverDue,
  isRatable,
  stepOrigin,
  stepRefusal,
  DRIVER_ASSIGNABLE_STATUSES,
  canMove,
  isCancellable,
  isDriverAssignable,
  isEditable,
  isPayable,
  isRefundableOnCancel,
  nextStatus,
  paymentRefusal,
  receiverDriverNews,
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
  'out_for_delivery>failed_attempt:driver',
  'failed_attempt>out_for_delivery:operator',
  'failed_attempt>out_for_delivery:customer',
  'failed_attempt>returning:operator',
  'failed_attempt>returning:customer',
  'failed_attempt>returning:system',
  'returning>returned:operator',
  'returning>returned:driver',
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
  failed_attempt: { payable: false, cancellable: false, refundable: false, editable: false, driver: false, next: undefined, refusal: 'ALREADY_PAID' },
  returning: { payable: false, cancellable: false, refundable: false, editable: false, driver: false, next: 'returned', refusal: 'ALREADY_PAID' },
  delivered: { payable: false, cancellable: false, refundable: false, editable: false, driver: false, next: undefined, refusal: 'ALREADY_PAID' },
  returned: { payable: false, cancellable: false, refundable: false, editable: false, driver: false, next: undefined, refusal: 'ALREADY_PAID' },
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

describe('status steps on the road (POST …/status by a driver or an operator)', () => {
  /** Written out by hand: the only steps a driver or an operator may make through …/status, with a driver assigned. */
  const STEPS = new Set(['pending>picked_up', 'picked_up>in_transit', 'in_transit>out_for_delivery']);

  for (const from of DELIVERY_STATUSES) {
    for (const to of DELIVERY_STATUSES) {
      for (const actor of ACTORS) {
        const key = `${from}>${to}`;
        const expected =
          actor !== 'driver' && actor !== 'operator'
            ? 'INVALID_STATUS_TRANSITION'
            : STEPS.has(key)
              ? null
              : key === 'out_for_delivery>delivered' || key === 'returning>returned'
                ? 'HANDOVER_REQUIRED'
                : 'INVALID_STATUS_TRANSITION';
        it(`${key} by ${actor}: ${expected ?? 'allowed'}`, () => {
          expect(stepRefusal(from, to, actor, true)).toBe(expected);
        });
      }
    }
  }

  it('knows the one status each step comes from, so a driver\'s step can be a single conditional write', () => {
    for (const to of DELIVERY_STATUSES) {
      for (const actor of ACTORS) {
        const from = DELIVERY_STATUSES.find((status) => stepRefusal(status, to, actor, true) === null);
        expect(stepOrigin(to, actor), `${to} by ${actor}`).toBe(from);
      }
    }
    expect(stepOrigin('in_transit', 'driver')).toBe('picked_up');
    expect(stepOrigin('delivered', 'driver')).toBeUndefined();
  });

  it('needs a driver for every step a driver or operator may make', () => {
    for (const key of [...STEPS, 'out_for_delivery>delivered']) {
      const [from, to] = key.split('>') as [DeliveryStatus, DeliveryStatus];
      expect(stepRefusal(from, to, 'operator', false)).toBe('DRIVER_NOT_ASSIGNED');
      expect(stepRefusal(from, to, 'driver', false)).toBe('DRIVER_NOT_ASSIGNED');
    }
  });

  it('says where the hand-over is due, which jobs are active and what can be rated', () => {
    expect(HANDOVER_DUE_STATUSES).toEqual(['out_for_delivery', 'returning']);
    expect(ACTIVE_JOB_STATUSES).toEqual(['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning']);
    expect(DELIVERY_STATUSES.filter(isRatable)).toEqual(['delivered']);
    expect(DELIVERY_STATUSES.filter(isHandoverDue)).toEqual(['out_for_delivery', 'returning']);
    expect(DELIVERY_STATUSES.map(handoverTarget).filter(Boolean)).toEqual(['delivered', 'returned']);
    expect(FAILABLE_STATUSES).toEqual(['out_for_delivery']);
    expect(AWAITING_DECISION_STATUSES).toEqual(['failed_attempt']);
  });

  it('sends the receiver the code once, with the pickup; a driver after that is named, before it nothing', () => {
    const withCode = DELIVERY_STATUSES.filter((status) => receiverDriverNews({ step: status }, false) === 'code');
    expect(withCode).toEqual(['picked_up']);
    // Already sent (a delivery assigned before decision 077 got it with the assignment): never a second.
    expect(DELIVERY_STATUSES.map((status) => receiverDriverNews({ step: status }, true))).toEqual(DELIVERY_STATUSES.map(() => null));
    expect(receiverDriverNews({ assigned: 'new' }, false)).toBeNull();
    expect(receiverDriverNews({ assigned: 'new' }, true)).toBe('new-driver');
    expect(receiverDriverNews({ assigned: 'same' }, true)).toBeNull();
  });
});

import type { Executor } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import type { UserProfile } from '../../../shared/schemas/auth.js';
import { categoryOf } from './message-policy.js';
import type { UserMessageQueue } from './message-queue.js';
import { renderReceipt, type ReceiptFacts } from './receipt-templates.js';
import type { ReceiptKind } from '../../../shared/schemas/receipts.js';
import type { CodSettlementLines, ReceiptDraft } from '../receipts/receipts-service.js';

export interface DeliveryTerms {
  livemode: boolean;
  trackingId: string | null;
  /** Pay on delivery: the amount to collect, the fee kept from it, the return reserve paid at booking. */
  cod: CodSettlementLines | null;
}

interface Deps {
  db: Executor;
  queue: UserMessageQueue;
  getProfile: (userId: string) => Promise<Pick<UserProfile, 'email' | 'language'>>;
  /** Wakes the outbox worker once a message is queued. */
  nudge: () => void;
  /** Numbers the receipt (modules/receipts, decision 057); `created` false when its source had one already. */
  issueReceipt: (draft: ReceiptDraft) => Promise<{ id: string; number: string; created: boolean }>;
  /** Where the receipt's page is (PUBLIC_URL). */
  publicUrl: string;
  /**
   * What a receipt needs of a delivery (by its row id), read after the commit, as a wallet event does not say it:
   * whether it is live, its tracking id, and its pay-on-delivery terms (null for a prepaid one). Null for none.
   */
  findDeliveryTerms: (deliveryId: string) => Promise<DeliveryTerms | null>;
  now?: () => Date;
}

/**
 * Which wallet movement makes which receipt, by its ledger kind: one line per kind (a pay-on-delivery settlement, say,
 * would be one more, with its kind in shared/schemas/receipts.ts and its texts). A delivery paid by wallet or card
 * has its receipt from delivery.paid instead (its wallet debit is left out here).
 */
export const RECEIPT_OF_LEDGER_KIND: Partial<Record<string, { kind: ReceiptKind; direction: 'credited' | 'debited' }>> = {
  topup: { kind: 'top-up', direction: 'credited' },
  refund: { kind: 'refund', direction: 'credited' },
  // A withdrawal holds its amount when asked for (wallet-service.ts); an instant payout debits it directly.
  hold: { kind: 'withdrawal', direction: 'debited' },
  withdrawal: { kind: 'withdrawal', direction: 'debited' },
  // What a receiver paid on delivery, less the fee, with the return reserve back, credited at the hand-over (decision 053).
  cod_settlement: { kind: 'cod-settlement', direction: 'credited' },
  // A returned parcel's fee from the wallet, and later whatever of it was owed (only a return fee is ever owed).
  return_fee: { kind: 'return-fee', direction: 'debited' },
  owed_paid: { kind: 'return-fee', direction: 'debited' },
};

/**
 * Receipts by email, written once the money has moved (the domain events are published after commit, on the
 * instance that made the change): a delivery paid from the wallet or by card, a top-up, a withdrawal asked for (its
 * hold leaves the balance at once) or returned, a refund to the wallet, a card payment credited to it, a return's fee
 * and a pay-on-delivery settlement (decision 080 says which carry VAT). An account without an email gets none: the
 * wallet's history and notifications already tell it, and an SMS receipt would cost more than the message is worth. Receipts are essential messages (decision 030), so preferences do not stop them.
 *
 * A receipt is a tax document for real money: a test-mode delivery's payment and refund get none, and take no number
 * from the series (decision 076).
 */
export function subscribeReceipts(
  events: Pick<DomainEvents, 'onPublisher'>,
  { db, queue, getProfile, nudge, issueReceipt, publicUrl, findDeliveryTerms, now = () => new Date() }: Deps,
) {
  /** Every account gets the numbered receipt (in the app); one with an email also gets it by email, once. */
  const send = async (userId: string, kind: ReceiptKind, facts: Omit<ReceiptFacts, 'at' | 'receipt'>, draft: Omit<ReceiptDraft, 'userId' | 'kind' | 'amountKobo'>) => {
    const receipt = await issueReceipt({ ...draft, userId, kind, amountKobo: facts.amountKobo });
    if (!receipt.created) return;
    const profile = await getProfile(userId);
    if (!profile.email) return;
    const link = `${publicUrl.replace(/\/$/, '')}/dashboard/receipts/${receipt.id}`;
    const message = renderReceipt(kind, profile.language, { ...facts, at: now(), receipt: { number: receipt.number, link } });
    const queued = await queue.queueMessage(
      { userId, category: categoryOf(`receipt:${kind}`), channel: 'email', recipient: profile.email, ...message },
      db,
    );
    if (queued) nudge();
  };

  // A withdrawal that could not be paid: its money is back (the hold's release), said once, with the operator's reason.
  events.onPublisher('withdrawal.finished', async (e) => {
    if (e.status !== 'failed') return;
    const reason = e.customerReason ?? undefined;
    await send(e.userId, 'withdrawal-returned', { amountKobo: e.amountKobo, ...(reason ? { reason } : {}) }, { sourceKey: `withdrawal-returned:${e.withdrawalId}`, reason });
  });

  events.onPublisher('delivery.paid', async (e) => {
    if (!e.livemode) return;
    const deliveryId = formatDeliveryId(e.number);
    // A pay-on-delivery order's return reserve is inside its payment, with no VAT on it.
    const reserveKobo = e.payOnDelivery ? ((await findDeliveryTerms(e.deliveryId))?.cod?.reserveKobo ?? null) : null;
    await send(
      e.userId,
      'payment',
      { amountKobo: e.amountKobo, deliveryId, trackingId: e.trackingId ?? '', method: e.method, ...(reserveKobo ? { reserveKobo } : {}) },
      // A delivery is paid once: its payment has one receipt, whatever publishes it again.
      { sourceKey: `delivery-paid:${e.deliveryId}`, deliveryId, trackingId: e.trackingId, method: e.method, reserveKobo },
    );
  });

  // A pay-on-delivery parcel back with its sender: the reserve paid at booking becomes the return's fee, a sale now.
  // (Without a reserve the fee comes from the wallet, a wallet.debited of kind return_fee, below.)
  events.onPublisher('delivery.status_changed', async (e) => {
    if (e.status !== 'returned' || !e.livemode) return;
    const cod = (await findDeliveryTerms(e.deliveryId))?.cod;
    if (!cod) return;
    const deliveryId = formatDeliveryId(e.number);
    await send(
      e.userId,
      'return-fee',
      { amountKobo: cod.reserveKobo, deliveryId, ...(e.trackingId ? { trackingId: e.trackingId } : {}) },
      { sourceKey: `return-fee:${e.deliveryId}`, deliveryId, trackingId: e.trackingId },
    );
  });

  for (const direction of ['credited', 'debited'] as const) {
    events.onPublisher(`wallet.${direction}`, async (e) => {
      const rule = RECEIPT_OF_LEDGER_KIND[e.kind];
      if (!rule || rule.direction !== direction) return;
      const deliveryId = e.deliveryNumber === null ? null : formatDeliveryId(e.deliveryNumber);
      if (rule.kind === 'cod-settlement' && e.deliveryId) {
        // A delivery is settled once: its settlement has one receipt, with its lines, whatever publishes it again.
        const { cod, trackingId } = e.codSettlement
          ? { cod: e.codSettlement, trackingId: e.codSettlement.trackingId }
          : ((await findDeliveryTerms(e.deliveryId)) ?? { cod: null, trackingId: null });
        const lines: CodSettlementLines | null = cod && { collectedKobo: cod.collectedKobo, feeKobo: cod.feeKobo, reserveKobo: cod.reserveKobo };
        await send(
          e.userId,
          rule.kind,
          {
            amountKobo: Math.abs(e.amountKobo),
            balanceAfterKobo: e.balanceAfterKobo,
            ...(deliveryId ? { deliveryId } : {}),
            ...(trackingId ? { trackingId } : {}),
            ...(lines ? { cod: lines } : {}),
          },
          { sourceKey: `cod-settlement:${e.deliveryId}`, deliveryId, trackingId, balanceAfterKobo: e.balanceAfterKobo, cod: lines },
        );
        return;
      }
      const terms = e.deliveryId ? await findDeliveryTerms(e.deliveryId) : null;
      // A test delivery's refund or return fee (pay on delivery, above, is live only).
      if (terms && !terms.livemode) return;
      // A card payment its delivery could not take was never a sale: it is credited, not refunded.
      const kind = rule.kind === 'refund' && e.cause === 'payment_not_applied' ? 'card-credited' : rule.kind;
      // A cancelled pay-on-delivery order's refund gives its return reserve back inside it, with no VAT on it.
      const reserveKobo = kind === 'refund' ? (terms?.cod?.reserveKobo ?? null) : null;
      await send(
        e.userId,
        kind,
        {
          amountKobo: Math.abs(e.amountKobo),
          balanceAfterKobo: e.balanceAfterKobo,
          ...(deliveryId ? { deliveryId } : {}),
          ...(reserveKobo ? { reserveKobo } : {}),
        },
        // Each wallet movement is published once, after its commit; it has no key of its own in the event, but a
        // delivery's return fee is charged once, and a withdrawal held once.
        {
          sourceKey: e.kind === 'return_fee' && e.deliveryId ? `return-fee:${e.deliveryId}` : e.withdrawalId ? `withdrawal:${e.withdrawalId}` : null,
          deliveryId,
          balanceAfterKobo: e.balanceAfterKobo,
          reserveKobo,
          withdrawalId: e.withdrawalId,
        },
      );
    });
  }
}

import type { Executor } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import type { UserProfile } from '../../../shared/schemas/auth.js';
import { categoryOf } from './message-policy.js';
import type { UserMessageQueue } from './message-queue.js';
import { renderReceipt, type ReceiptFacts, type ReceiptKind } from './receipt-templates.js';

interface Deps {
  db: Executor;
  queue: UserMessageQueue;
  getProfile: (userId: string) => Promise<Pick<UserProfile, 'email' | 'language'>>;
  /** Wakes the outbox worker once a message is queued. */
  nudge: () => void;
  now?: () => Date;
}

/**
 * Receipts by email, written once the money has moved (the domain events are published after commit, on the
 * instance that made the change): a delivery paid from the wallet or by card, a top-up, a withdrawal asked for
 * (its hold leaves the balance at once) and a refund to the wallet. An account without an email gets none: the
 * wallet's history and notifications already tell it, and an SMS receipt would cost more than the message is
 * worth. Receipts are essential messages (decision 030), so preferences do not stop them.
 */
export function subscribeReceipts(events: Pick<DomainEvents, 'onPublisher'>, { db, queue, getProfile, nudge, now = () => new Date() }: Deps) {
  const send = async (userId: string, kind: ReceiptKind, facts: Omit<ReceiptFacts, 'at'>) => {
    const profile = await getProfile(userId);
    if (!profile.email) return;
    const message = renderReceipt(kind, profile.language, { ...facts, at: now() });
    const queued = await queue.queueMessage(
      { userId, category: categoryOf(`receipt:${kind}`), channel: 'email', recipient: profile.email, ...message },
      db,
    );
    if (queued) nudge();
  };

  events.onPublisher('delivery.paid', (e) =>
    send(e.userId, 'payment', {
      amountKobo: e.amountKobo,
      deliveryId: formatDeliveryId(e.number),
      trackingId: e.trackingId ?? '',
      method: e.method,
    }),
  );

  events.onPublisher('wallet.credited', async (e) => {
    const kind: ReceiptKind | null = e.kind === 'topup' ? 'top-up' : e.kind === 'refund' ? 'refund' : null;
    if (!kind) return;
    await send(e.userId, kind, { amountKobo: e.amountKobo, balanceAfterKobo: e.balanceAfterKobo });
  });

  // A withdrawal holds its amount when asked for (wallet-service.ts); an instant payout debits it directly.
  events.onPublisher('wallet.debited', async (e) => {
    if (e.kind !== 'hold' && e.kind !== 'withdrawal') return;
    await send(e.userId, 'withdrawal', { amountKobo: Math.abs(e.amountKobo), balanceAfterKobo: e.balanceAfterKobo });
  });
}

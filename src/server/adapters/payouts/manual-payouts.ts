import { AppError } from '../../lib/app-error.js';
import { TRANSFER_REFERENCE_PATTERN, type PayoutGateway } from './payout-gateway.js';

/**
 * Payouts without a provider (the default, and the sandbox): nothing leaves the server. A withdrawal stays
 * pending until an operator pays it by hand and marks it paid, or marks it failed and the hold returns.
 */
export function createManualPayouts(): PayoutGateway {
  return {
    name: 'manual',
    settlement: 'operator',

    async createRecipient(input) {
      return { recipientCode: `manual:${input.bankCode}:${input.accountNumber}`, resolvedAccountName: null };
    },

    async initiateTransfer(input) {
      if (!TRANSFER_REFERENCE_PATTERN.test(input.reference)) throw new RangeError('invalid transfer reference');
      if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) throw new RangeError('invalid amount');
      return { outcome: 'accepted', status: 'pending', transferCode: null };
    },

    // The operator's decision, recorded on the withdrawal, is the only truth here.
    async verifyTransfer() {
      return { status: 'not_found' };
    },

    parseWebhook() {
      throw new AppError('NOT_FOUND', 'Manual payouts have no webhook.');
    },
  };
}

import { loadLocaleSection } from '../../lib/locale-texts.js';
import { FALLBACK_LANGUAGE, intlLocales, isLanguage, type Language } from '../../../shared/i18n.js';
import { formatNaira } from '../../../shared/money.js';
import type { ReceiptKind } from '../../../shared/schemas/receipts.js';
import type { RenderedMessage } from './message-templates.js';

/**
 * What a receipt is for (shared/schemas/receipts.ts): a delivery paid, a top-up, a withdrawal asked for or returned, a
 * refund, a pay-on-delivery settlement.
 */
export { RECEIPT_KINDS, type ReceiptKind } from '../../../shared/schemas/receipts.js';

const SECTION_KEY: Record<ReceiptKind, string> = {
  payment: 'payment',
  'top-up': 'topUp',
  withdrawal: 'withdrawal',
  'withdrawal-returned': 'withdrawalReturned',
  refund: 'refund',
  'card-credited': 'cardCredited',
  'return-fee': 'returnFee',
  'cod-settlement': 'codSettlement',
};

const RECEIPT_KEYS = [
  ...Object.values(SECTION_KEY).flatMap((name) => [`${name}.subject`, `${name}.body`]),
  'methods.wallet',
  'methods.card',
  'numbered',
  'reason',
  'reserve',
  'footer',
];

/**
 * `messages.receipts` in the catalogue, read at boot (decision 044): `{{amount}}` and `{{balance}}` are naira,
 * `{{date}}` the moment in Lagos time written the reader's way, `{{id}}`/`{{trackingId}}` the delivery's numbers,
 * `{{method}}` the payment method in words (`methods.*`); a pay-on-delivery settlement's `{{collected}}`, `{{fee}}` and
 * `{{reserve}}` its lines, in naira; `reason` a returned withdrawal's reason line, when the operator gave one; `reserve` the
 * line of a pay-on-delivery order's return reserve inside a payment or a refund.
 */
const TEXTS = loadLocaleSection('messages.receipts', { required: RECEIPT_KEYS });

export interface ReceiptFacts {
  amountKobo: number;
  at: Date;
  /** The wallet's balance after the movement (top-ups, withdrawals, refunds). */
  balanceAfterKobo?: number;
  deliveryId?: string;
  trackingId?: string;
  method?: 'wallet' | 'card';
  /** Its number and the address of its page (decision 057). */
  receipt?: { number: string; link: string };
  /** A pay-on-delivery settlement: collected from the receiver, the fee kept (VAT included), the reserve back. */
  cod?: { collectedKobo: number; feeKobo: number; reserveKobo: number };
  /** Why a withdrawal was returned, in the operator's words. */
  reason?: string;
  /** A pay-on-delivery order's return reserve inside a payment or a refund: a deposit, with no VAT. */
  reserveKobo?: number;
}

/** Receipts are dated in Nigeria's time, whatever the server's zone. */
const receiptDateFormats = new Map<Language, Intl.DateTimeFormat>();

/** When, in Lagos, in the account's language; a formatter is made once per language (making one is the costly part). */
export function formatReceiptDate(at: Date, language: Language): string {
  let format = receiptDateFormats.get(language);
  if (!format) receiptDateFormats.set(language, (format = new Intl.DateTimeFormat(intlLocales(language), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' })));
  return format.format(at);
}

/** A receipt by email, in the account's language. Carries no secret, so the outbox keeps its body. */
export function renderReceipt(kind: ReceiptKind, language: string, facts: ReceiptFacts): RenderedMessage {
  const lng = isLanguage(language) ? language : FALLBACK_LANGUAGE;
  const t = TEXTS.texts[lng];
  const params = {
    amount: formatNaira(facts.amountKobo),
    balance: facts.balanceAfterKobo === undefined ? '' : formatNaira(facts.balanceAfterKobo),
    date: formatReceiptDate(facts.at, lng),
    id: facts.deliveryId ?? '',
    trackingId: facts.trackingId ?? '',
    method: facts.method ? t(`methods.${facts.method}`) : '',
    collected: facts.cod ? formatNaira(facts.cod.collectedKobo) : '',
    fee: facts.cod ? formatNaira(facts.cod.feeKobo) : '',
    reserve: facts.cod ? formatNaira(facts.cod.reserveKobo) : '',
  };
  const name = SECTION_KEY[kind];
  return {
    subject: t(`${name}.subject`, params),
    body: [
      [
        t(`${name}.body`, params),
        ...(facts.reserveKobo ? [t('reserve', { reserve: formatNaira(facts.reserveKobo) })] : []),
        ...(facts.reason ? [t('reason', { reason: facts.reason })] : []),
      ].join('\n'),
      ...(facts.receipt ? [t('numbered', facts.receipt)] : []),
      t('footer'),
    ].join('\n\n'),
    holdsSecret: false,
  };
}

/** The languages that have every receipt text of their own. */
export const RECEIPT_LANGUAGES = TEXTS.languagesWith(RECEIPT_KEYS);

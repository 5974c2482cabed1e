import { formatDeliveryId } from '../../../shared/ids.js';
import { codPaymentStateOf, livemodeOf, statusLabelOf, type DeliveryMode, type DisplayStatus, type TestModeAvailability } from '../../../shared/schemas/deliveries.js';
import { dateRangeInstants, type DateRange } from '../../../shared/schemas/date-range.js';
import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n.js';
import { loadLocaleSection } from '../../lib/locale-texts.js';
import type { DeliveriesRepository, DeliveryListRow } from './deliveries-repository.js';
import { parseSearchTerm, type DeliverySearch } from './delivery-search.js';
import { toDeliveryListItem } from './delivery-view.js';
import { csvCell, csvLine } from '../../lib/csv.js';

/** Rows read per round trip of an export: one keyset page of My Deliveries' own statement. */
export const EXPORT_PAGE_SIZE = 500;

const COLUMN_KEYS = ['id', 'date', 'route', 'receiver', 'amount', 'status', 'codState'] as const;
/** The header and status words of the export, in the account's language: the web's own texts. */
const COLUMNS = loadLocaleSection('deliveries.columns', { required: [...COLUMN_KEYS] });
const STATUSES = loadLocaleSection('deliveries.status', { required: ['awaiting_payment', 'pending', 'in_transit', 'delivered', 'cancelled'] });
const TRACKING = loadLocaleSection('tracking', { required: ['inputLabel'] });
const COD = loadLocaleSection('cod', { required: ['column', 'state.paid', 'state.awaiting'] });

/** The formula-safe cell and line of every CSV the server writes: one rule, in lib/csv.ts. */
export { csvCell };

/** What the export narrows to: the list's own filters. */
export interface ExportFilters extends DateRange {
  mode?: DeliveryMode;
  status?: 'all' | DisplayStatus;
  kind?: 'all' | 'pay_on_delivery';
}

export function createDeliveryToolsService(deps: {
  search: DeliverySearch;
  repository: Pick<DeliveriesRepository, 'findPage' | 'findCodPage' | 'hasTestDeliveries'>;
  getLanguage: (userId: string) => Promise<string>;
  /** Whether the account holds an unrevoked API key, of either mode (the api-keys module's). */
  hasApiKeys: (userId: string) => Promise<boolean>;
}) {
  return {
    /** The list's search, in its mode (live unless asked, decision 079) and date range. */
    async searchDeliveries(userId: string, q: string, filters: DateRange & { mode?: DeliveryMode } = {}) {
      const term = parseSearchTerm(q);
      if (!term) return { items: [] };
      const rows = await deps.search.searchOwn(userId, livemodeOf(filters.mode ?? 'live'), term, dateRangeInstants(filters));
      return { items: rows.map(toDeliveryListItem) };
    },

    /**
     * Whether My Deliveries offers its test-deliveries switch (decision 079): the account has a test delivery to show,
     * or an API key that could book one. A customer who never used the API never meets test mode.
     */
    async testModeAvailability(userId: string): Promise<TestModeAvailability> {
      const [hasTestDeliveries, hasKeys] = await Promise.all([deps.repository.hasTestDeliveries(userId), deps.hasApiKeys(userId)]);
      return { available: hasTestDeliveries || hasKeys };
    },

    /**
     * My Deliveries as CSV, newest first, as the list shows it: its mode, status filter, kind and date range
     * (decisions 057, 079), read a keyset page at a time (the list's own index), so an account with years of
     * deliveries streams in constant memory. Amounts are naira with two decimals, a number a spreadsheet sums; a
     * pay-on-delivery order adds the amount to collect and whether the receiver has paid, for reconciling.
     */
    async *exportCsv(userId: string, filters: ExportFilters = {}): AsyncGenerator<string> {
      const livemode = livemodeOf(filters.mode ?? 'live');
      const display = filters.status && filters.status !== 'all' ? filters.status : null;
      const range = dateRangeInstants(filters);
      const language = await deps.getLanguage(userId);
      const lng = isLanguage(language) ? language : FALLBACK_LANGUAGE;
      const column = COLUMNS.texts[lng];
      const cod = COD.texts[lng];
      const findPage = filters.kind === 'pay_on_delivery' ? deps.repository.findCodPage : deps.repository.findPage;
      const header = [column('id'), TRACKING.texts[lng]('inputLabel'), column('date'), column('route'), column('receiver'), column('amount'), column('status')];
      // A byte-order mark, so a spreadsheet opens the accents and ₦ as UTF-8.
      yield `\uFEFF${csvLine([...header, cod('column'), column('codState')])}`;
      let after: { at: string; number: number } | null = null;
      for (;;) {
        const rows: (DeliveryListRow & { cursorAt: string })[] = await findPage({ userId, livemode, display, after, limit: EXPORT_PAGE_SIZE, range });
        let chunk = '';
        for (const row of rows) {
          const item = toDeliveryListItem(row);
          const codState = row.codAmountKobo === null || row.paidAt === null ? null : codPaymentStateOf(row.status, row.codPaidAt !== null);
          chunk += csvLine([
            formatDeliveryId(row.number),
            row.trackingId ?? '',
            item.date,
            item.route,
            row.receiverName,
            (row.totalKobo / 100).toFixed(2),
            STATUSES.texts[lng](statusLabelOf(row.status)),
            row.codAmountKobo === null ? '' : (row.codAmountKobo / 100).toFixed(2),
            codState ? cod(`state.${codState}`) : '',
          ]);
        }
        if (chunk) yield chunk;
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE_SIZE) return;
        after = { at: last.cursorAt, number: last.number };
      }
    },
  };
}
export type DeliveryToolsService = ReturnType<typeof createDeliveryToolsService>;

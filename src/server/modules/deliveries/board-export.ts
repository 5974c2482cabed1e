import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatDeliveryId } from '../../../shared/ids.js';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n.js';
import { OPERATOR_ROLE } from '../../../shared/roles.js';
import { dateRangeInstants, type DateRange } from '../../../shared/schemas/date-range.js';
import { dispatchExportQuerySchema, type DispatchBoardFilter, type DispatchDelivery } from '../../../shared/schemas/dispatch.js';
import { csvLine } from '../../lib/csv.js';
import { loadLocaleSection } from '../../lib/locale-texts.js';
import { requireRole, requireUser } from '../../plugins/auth.js';
import type { DeliveriesRepository, DeliveryKey, DeliveryRow } from './deliveries-repository.js';
import type { DispatchService } from '../dispatch/dispatch-service.js';

/** Rows read per round trip of the board's export: one keyset page of the tab's own statement. */
export const BOARD_EXPORT_PAGE_SIZE = 500;

const EXPORT = loadLocaleSection('dispatch.export', { required: ['paid', 'changed', 'receiverPhone', 'status'] });
const CARD = loadLocaleSection('dispatch.card', { required: ['due', 'pickup', 'dropoff', 'receiver', 'transport', 'driver', 'total'] });
const COLUMNS = loadLocaleSection('deliveries.columns', { required: ['id'] });
const TRACKING = loadLocaleSection('tracking', { required: ['inputLabel', 'statuses.delivered'] });
const MODES = loadLocaleSection('booking.options.transportMode', { required: ['bike'] });

/** One line of the export, from a board page's row or a search's card. */
interface BoardLine {
  number: string;
  trackingId: string | null;
  dueAt: Date;
  paidAt: Date | null;
  changedAt: Date | null;
  status: string;
  pickup: string;
  dropoff: string;
  receiverName: string;
  receiverPhone: string;
  transportMode: string;
  driverName: string | null;
  totalKobo: number;
}

const fromRow = (row: DeliveryRow): BoardLine => ({
  number: formatDeliveryId(row.number),
  trackingId: row.trackingId,
  dueAt: row.dueAt,
  paidAt: row.paidAt,
  changedAt: row.updatedAt,
  status: row.status,
  pickup: row.pickupLocation,
  dropoff: row.dropoffLocation,
  receiverName: row.receiverName,
  receiverPhone: row.receiverPhone,
  transportMode: row.transportMode,
  driverName: row.driverName,
  totalKobo: row.totalKobo,
});

const fromCard = (card: DispatchDelivery): BoardLine => ({
  number: card.id,
  trackingId: card.trackingId,
  dueAt: new Date(card.dueAt),
  paidAt: card.paidAt ? new Date(card.paidAt) : null,
  changedAt: card.history.length ? new Date(card.history.at(-1)!.at) : null,
  status: card.status,
  pickup: card.pickupLocation,
  dropoff: card.dropoffLocation,
  receiverName: card.receiverName,
  receiverPhone: card.receiverPhone,
  transportMode: card.transportMode,
  driverName: card.driver?.name ?? null,
  totalKobo: card.totalKobo,
});

/** A moment as a spreadsheet reads it, in Lagos time (WAT, UTC+1 all year): 2026-11-26 14:05. */
const lagosMinute = (at: Date | null) => (at ? new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 16).replace('T', ' ') : '');

function header(lng: Language) {
  const card = CARD.texts[lng];
  const own = EXPORT.texts[lng];
  return csvLine([
    COLUMNS.texts[lng]('id'),
    TRACKING.texts[lng]('inputLabel'),
    card('due'),
    own('paid'),
    own('changed'),
    own('status'),
    card('pickup'),
    card('dropoff'),
    card('receiver'),
    own('receiverPhone'),
    card('transport'),
    card('driver'),
    card('total'),
  ]);
}

function line(lng: Language, row: BoardLine) {
  return csvLine([
    row.number,
    row.trackingId ?? '',
    lagosMinute(row.dueAt),
    lagosMinute(row.paidAt),
    lagosMinute(row.changedAt),
    TRACKING.texts[lng](`statuses.${row.status}`),
    row.pickup,
    row.dropoff,
    row.receiverName,
    row.receiverPhone,
    MODES.texts[lng](row.transportMode),
    row.driverName ?? '',
    (row.totalKobo / 100).toFixed(2),
  ]);
}

export interface BoardExportQuery extends DateRange {
  status: DispatchBoardFilter;
  q?: string | undefined;
  driverId?: string | undefined;
}

/**
 * The dispatch board as CSV (decision 057): what the operator sees, in their language. With a search, its matches
 * (at most 50); without, every row of the tab in the date range, in the tab's order, read a keyset page of
 * BOARD_EXPORT_PAGE_SIZE at a time over the tab's index, so memory stays flat and nothing counts the table.
 */
export function createBoardExport(deps: {
  repository: Pick<DeliveriesRepository, 'findBoardPage'>;
  dispatch: Pick<DispatchService, 'searchDeliveries'>;
  getLanguage: (userId: string) => Promise<string>;
}) {
  return {
    async *exportCsv(userId: string, query: BoardExportQuery): AsyncGenerator<string> {
      const language = await deps.getLanguage(userId);
      const lng = isLanguage(language) ? language : FALLBACK_LANGUAGE;
      // A byte-order mark, so a spreadsheet opens the accents and ₦ as UTF-8.
      yield `\uFEFF${header(lng)}`;
      const q = query.q?.trim();
      if (q) {
        const found = await deps.dispatch.searchDeliveries({ ...query, q });
        if (found.items.length) yield found.items.map((card) => line(lng, fromCard(card))).join('');
        return;
      }
      const range = dateRangeInstants(query);
      let after: DeliveryKey | null = null;
      for (;;) {
        const rows = await deps.repository.findBoardPage(query.status, after, BOARD_EXPORT_PAGE_SIZE, range, query.driverId ?? null);
        if (rows.length) yield rows.map((row) => line(lng, fromRow(row.delivery))).join('');
        const last = rows.at(-1);
        if (!last || rows.length < BOARD_EXPORT_PAGE_SIZE) return;
        after = { at: last.cursorAt, number: last.delivery.number };
      }
    },
  };
}
export type BoardExport = ReturnType<typeof createBoardExport>;

/** GET /api/dispatch/deliveries/export.csv (operators). */
export function boardExportRoutes(exporter: BoardExport): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      requireRole(request, OPERATOR_ROLE);
    });
    app.get(
      '/dispatch/deliveries/export.csv',
      {
        schema: {
          tags: ['dispatch'],
          summary: "Operators: the board's tab as CSV (UTF-8, formula-safe cells), with its search and date range",
          querystring: dispatchExportQuerySchema,
        },
      },
      async (request, reply) => {
        const userId = requireUser(request).id;
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="lanefreight-board-${request.query.status}-${day}.csv"`)
          .send(Readable.from(exporter.exportCsv(userId, request.query)));
      },
    );
  };
}

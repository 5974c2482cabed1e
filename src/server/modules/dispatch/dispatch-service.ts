import { AppError } from '../../lib/app-error.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';
import type { DeliveryStatus, TransportMode } from '../../../shared/schemas/deliveries.js';
import {
  HOME_COUNT_CAP,
  type AfterFailureDecision,
  type AssignDriverBody,
  type DispatchBoardFilter,
  type DispatchDelivery,
  type DriverSummary,
  type OperatorHomeSummary,
} from '../../../shared/schemas/dispatch.js';
import type { DeliveriesService, DeliveryRow, StatusHistory } from '../deliveries/deliveries-service.js';
import type { DriversService } from '../drivers/drivers-service.js';
import type { PartnersService } from '../partners/partners-service.js';
import type { WithdrawalsService } from '../withdrawals/withdrawals-service.js';
import { toDispatchDelivery } from './dispatch-view.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import { parseSearchTerm, type DeliverySearch } from '../deliveries/delivery-search.js';
import { dateRangeInstants, type DateRange } from '../../../shared/schemas/date-range.js';

interface Deps {
  deliveries: Pick<
    DeliveriesService,
    | 'findAny'
    | 'assignDriver'
    | 'stepStatus'
    | 'decideAfterFailure'
    | 'handOver'
    | 'listBoard'
    | 'countActiveJobs'
    | 'findByTrackingIdForPublic'
    | 'historyOf'
    | 'historiesOf'
    | 'countBoardTabs'
  >;
  drivers: Pick<DriversService, 'find' | 'findMany' | 'listForTransportMode'>;
  /** The board's name and phone search (decision 057). */
  search: Pick<DeliverySearch, 'searchBoard'>;
  /** The operator's home counts what waits for them in the queues these modules own (decision 060). */
  withdrawals: Pick<WithdrawalsService, 'countPending'>;
  partners: Pick<PartnersService, 'countOpen'>;
}

/** Operators move deliveries along; the deliveries module makes the writes, the lifecycle says which moves exist. */
export function createDispatchService({ deliveries, drivers, search, withdrawals, partners }: Deps) {
  /** Board cards of rows with their histories: every driver they name, now and at each step, read at once. */
  async function boardCards(rows: readonly DeliveryRow[], histories: ReadonlyMap<string, StatusHistory>): Promise<DispatchDelivery[]> {
    const driverIds = new Set<string>();
    for (const row of rows) {
      if (row.driverId) driverIds.add(row.driverId);
      for (const step of histories.get(row.id) ?? []) if (step.driverId) driverIds.add(step.driverId);
    }
    const driverById = driverIds.size > 0 ? await drivers.findMany([...driverIds]) : new Map();
    return rows.map((row) => toDispatchDelivery(row, histories.get(row.id) ?? [], driverById));
  }

  async function boardRow({ row, history }: { row: DeliveryRow; history: StatusHistory }): Promise<DispatchDelivery> {
    const [card] = await boardCards([row], new Map([[row.id, history]]));
    return card!;
  }

  /** Board cards of rows, with their histories and drivers, each read once for them all. */
  async function boardItems(rows: DeliveryRow[]): Promise<DispatchDelivery[]> {
    if (rows.length === 0) return [];
    return boardCards(rows, await deliveries.historiesOf(rows));
  }

  return {
    /**
     * The operator's home: what waits on the board's unassigned, active and needs-a-decision tabs, the applications
     * waiting for a decision and the withdrawals waiting to be paid. Each is counted through its list's index up to
     * HOME_COUNT_CAP rows, never over a whole table (decision 060): three statements, one per owning module.
     */
    async summary(): Promise<OperatorHomeSummary> {
      const [board, pendingApplications, pendingWithdrawals] = await Promise.all([
        deliveries.countBoardTabs(HOME_COUNT_CAP),
        partners.countOpen(HOME_COUNT_CAP),
        withdrawals.countPending(HOME_COUNT_CAP),
      ]);
      return { ...board, pendingApplications, pendingWithdrawals };
    },

    async listDeliveries(query: { status: DispatchBoardFilter; driverId?: string | undefined } & CursorQuery & DateRange) {
      const { rows, nextCursor, history } = await deliveries.listBoard(query.status, query);
      return { items: await boardCards(rows, history), nextCursor };
    },

    /**
     * The board's search: a delivery id or a tracking id, each one index lookup on any tab; the board holds paid
     * deliveries only, so an unpaid booking is not found (decision 052). Part of a receiver's name or phone is
     * looked for in the tab and date range shown, bounded (DeliverySearch.searchBoard, decision 057).
     */
    async searchDeliveries(query: { q: string; status?: DispatchBoardFilter; driverId?: string | undefined } & DateRange): Promise<{ items: DispatchDelivery[] }> {
      const term = parseSearchTerm(query.q);
      if (term?.kind === 'text') {
        return { items: await boardItems(await search.searchBoard(query.status ?? 'unassigned', term, dateRangeInstants(query), query.driverId ?? null)) };
      }
      let row: DeliveryRow | null = null;
      if (term?.kind === 'number') {
        row = await deliveries.findAny(formatDeliveryId(term.number)).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'DELIVERY_NOT_FOUND') return null;
          throw err;
        });
      }
      else if (term?.kind === 'tracking') row = (await deliveries.findByTrackingIdForPublic(term.trackingId))?.delivery ?? null;
      if (!row || row.paidAt === null) return { items: [] };
      return { items: [await boardRow({ row, history: await deliveries.historyOf(row) })] };
    },

    /**
     * The drivers whose vehicle suits this transport mode, with their rating, how many jobs they carry now and whether
     * they are on duty: the dialog shows those off duty as such rather than hiding them (decision 063).
     */
    async listDrivers(transportMode?: TransportMode): Promise<DriverSummary[]> {
      const list = await drivers.listForTransportMode(transportMode);
      const active = await deliveries.countActiveJobs(list.map((driver) => driver.userId));
      return list.map(({ onDutyChangedAt: _changedAt, ...driver }) => ({
        ...driver,
        transportMode: driver.transportMode as TransportMode,
        activeJobs: active.get(driver.userId) ?? 0,
      }));
    },

    /**
     * Assign or reassign (while not delivered); the receiver hears of it only once they hold the code (decision 077).
     * Only to a driver on duty (decision 063); one who switches off at the very moment of the assignment keeps it, as if assigned
     * just before, and sees it in their jobs.
     */
    async assignDriver(publicId: string, { driverId }: AssignDriverBody) {
      const driver = await drivers.find(driverId);
      if (!driver || !driver.onDuty) {
        // An unknown delivery is the first thing to say.
        await deliveries.findAny(publicId);
        throw driver ? new AppError('DRIVER_OFF_DUTY', { params: { name: driver.name } }) : new AppError('DRIVER_NOT_FOUND');
      }
      const assigned = await deliveries.assignDriver(
        publicId,
        {
          userId: driver.userId,
          name: driver.name,
          phone: driver.phone ?? '',
          ratingTenths: Math.round((driver.rating ?? 0) * 10),
          reviews: driver.reviews,
        },
        driver.transportMode,
      );
      return boardRow(assigned);
    },

    async updateStatus(publicId: string, status: DeliveryStatus, note?: string) {
      const existing = await deliveries.findAny(publicId);
      return boardRow(await deliveries.stepStatus(existing, status, note));
    },

    /** After a failed attempt: out for delivery again, or back to the shipper. */
    async decideAfterFailure(publicId: string, decision: AfterFailureDecision) {
      const existing = await deliveries.findAny(publicId);
      return boardRow(await deliveries.decideAfterFailure(existing, decision, 'operator'));
    },

    /** Delivered without the receiver's code (after the driver's lockout, or a receiver who lost it), with a note. */
    async complete(publicId: string, note: string) {
      return boardRow(await deliveries.handOver(publicId, { by: 'operator', note }));
    },
  };
}
export type DispatchService = ReturnType<typeof createDispatchService>;

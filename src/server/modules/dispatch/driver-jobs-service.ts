import { HOME_COUNT_CAP, type DriverDuty, type DriverHomeSummary, type DriverJob, type FailedAttemptBody } from '../../../shared/schemas/dispatch.js';
import type { TransportMode } from '../../../shared/schemas/deliveries.js';
import { lagosDayOf } from '../../../shared/schemas/date-range.js';
import type { DriversService } from '../drivers/drivers-service.js';
import type { WalletHistory } from '../wallet/wallet-history.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';
import type { DeliveriesService, DeliveryRow } from '../deliveries/deliveries-service.js';
import { createStorageKey, type FileStorage } from '../../adapters/storage/index.js';
import type { DeliveryStatus } from '../../../shared/schemas/deliveries.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { CheckedFile } from '../../lib/uploads.js';
import { toDriverJob } from './dispatch-view.js';

interface Deps {
  deliveries: Pick<
    DeliveriesService,
    'listDriverJobs' | 'findDriverJob' | 'stepDriverJob' | 'recordFailedAttempt' | 'handOver' | 'historyOf' | 'driverEarningOf' | 'resendPayLink' | 'countDriverActiveJobs'
  >;
  /** The driver's vehicle on record and duty switch (the home's "available for work"). */
  drivers: Pick<DriversService, 'find' | 'switchDuty'>;
  /** What the driver's wallet was credited for delivered jobs on a day (the home's "today's earnings"). */
  earnings: Pick<WalletHistory, 'earnedOn'>;
  storage: Pick<FileStorage, 'put' | 'delete'>;
  /** Handover code attempts per driver, on top of the five wrong codes each delivery allows. */
  handoverAttempts: RateLimiter;
}

/** The driver's workspace: only the jobs assigned to them (any other is not found), one step at a time. */
export function createDriverJobsService({ deliveries, drivers, earnings, storage, handoverAttempts }: Deps) {
  async function toJob(row: DeliveryRow): Promise<DriverJob> {
    return toDriverJob(row, await deliveries.historyOf(row), deliveries.driverEarningOf(row));
  }

  return {
    /**
     * The driver's home (decision 060): jobs on the road (counted up to HOME_COUNT_CAP), what the wallet was credited
     * for delivered jobs today (the Lagos day), and whether operators can assign them work: a vehicle on record, whose
     * transport mode decides the deliveries they are offered (DriversService.listForTransportMode), and their duty
     * switch on (decision 063); and the customers' rating of them.
     */
    async summary(driverId: string, now = new Date()): Promise<DriverHomeSummary> {
      const day = lagosDayOf(now);
      const [activeJobs, earnedTodayKobo, driver] = await Promise.all([
        deliveries.countDriverActiveJobs(driverId, HOME_COUNT_CAP),
        earnings.earnedOn(driverId, day),
        drivers.find(driverId),
      ]);
      return {
        activeJobs,
        earnedTodayKobo,
        day,
        availableForWork: driver !== null && driver.onDuty,
        duty: driver ? { onDuty: driver.onDuty, changedAt: driver.onDutyChangedAt?.toISOString() ?? null } : null,
        vehicle: driver
          ? { transportMode: driver.transportMode as TransportMode, vehicleType: driver.vehicleType, plateNumber: driver.plateNumber }
          : null,
        rating: { average: driver?.rating ?? null, reviews: driver?.reviews ?? 0 },
      };
    },

    /** The driver's on/off duty switch (decision 063). */
    switchDuty: (driverId: string, onDuty: boolean): Promise<DriverDuty> => drivers.switchDuty(driverId, onDuty),

    async listJobs(driverId: string, scope: 'active' | 'completed', page: CursorQuery): Promise<{ items: DriverJob[]; nextCursor: string | null }> {
      const { rows, history, nextCursor } = await deliveries.listDriverJobs(driverId, scope, page);
      return { items: rows.map((row) => toDriverJob(row, history.get(row.id) ?? [], deliveries.driverEarningOf(row))), nextCursor };
    },

    async getJob(driverId: string, publicId: string): Promise<DriverJob> {
      return toJob(await deliveries.findDriverJob(driverId, publicId));
    },

    async stepStatus(driverId: string, publicId: string, status: DeliveryStatus): Promise<DriverJob> {
      const { row, history } = await deliveries.stepDriverJob(driverId, publicId, status);
      return toDriverJob(row, history, deliveries.driverEarningOf(row));
    },

    /** The parcel could not be handed over: why, for the operator and the shipper to decide what next. */
    /** A fresh pay link to the receiver of their pay-on-delivery job. */
    resendPayLink: (driverId: string, publicId: string) => deliveries.resendPayLink(driverId, publicId),

    async recordFailedAttempt(driverId: string, publicId: string, body: FailedAttemptBody): Promise<DriverJob> {
      const { row, history } = await deliveries.recordFailedAttempt(driverId, publicId, body);
      return toDriverJob(row, history, deliveries.driverEarningOf(row));
    },

    /**
     * Delivered with the receiver's code, and optionally a photo as proof (checked by content before it gets
     * here). The photo is stored first and removed again if the hand-over is refused.
     */
    async deliver(driverId: string, publicId: string, code: string, photo: CheckedFile | null): Promise<DriverJob> {
      await handoverAttempts.consume(driverId);
      const proofKey = photo ? (await storage.put(createStorageKey('delivery-proofs', photo.extension), photo.bytes)).key : null;
      try {
        const { row, history } = await deliveries.handOver(publicId, { by: 'driver', driverId, code, proofKey });
        return toDriverJob(row, history, deliveries.driverEarningOf(row));
      } catch (error) {
        if (proofKey) await storage.delete(proofKey);
        throw error;
      }
    },
  };
}
export type DriverJobsService = ReturnType<typeof createDriverJobsService>;

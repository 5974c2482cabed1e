import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { deliveryIdParamsSchema } from '../../../shared/schemas/deliveries.js';
import {
  DISPATCH_MESSAGE_KEYS,
  deliverBodySchema,
  driverAvailabilityBodySchema,
  driverDutySchema,
  driverHomeSummarySchema,
  driverJobSchema,
  driverJobsPageSchema,
  driverJobsQuerySchema,
  driverStatusBodySchema,
  failedAttemptBodySchema,
  payLinkResultSchema,
} from '../../../shared/schemas/dispatch.js';
import { DRIVER_ROLE } from '../../../shared/roles.js';
import { AppError } from '../../lib/app-error.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import { ok } from '../../lib/reply.js';
import { checkFile, IMAGE_KINDS, readUpload, UPLOAD_LIMITS, type CheckedFile } from '../../lib/uploads.js';
import { requireRole } from '../../plugins/auth.js';
import type { DriverJobsService } from './driver-jobs-service.js';

const tags = ['driver'];

/** The multipart form's fields: the code, and the optional proof photo. */
export const DELIVER_FIELDS = { code: 'code', photo: 'photo' } as const;

function parseCode(value: unknown): string {
  const parsed = deliverBodySchema.safeParse({ code: value });
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { fields: { code: [DISPATCH_MESSAGE_KEYS.handoverCodeFormat] } });
  return parsed.data.code;
}

/** JSON `{ code }`, or multipart with `code` and an optional `photo` (JPEG, PNG or WebP by content, at most 10 MB). */
async function readDeliverRequest(request: FastifyRequest): Promise<{ code: string; photo: CheckedFile | null }> {
  if (!request.isMultipart()) {
    const body = request.body as { code?: unknown } | undefined;
    return { code: parseCode(body?.code), photo: null };
  }
  let code: unknown;
  let photo: CheckedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== DELIVER_FIELDS.photo) throw new AppError('BAD_REQUEST');
        const bytes = await readUpload(part.file, UPLOAD_LIMITS.documentBytes);
        if (bytes.length > 0) photo = checkFile(bytes, { allowed: IMAGE_KINDS, maxBytes: UPLOAD_LIMITS.documentBytes });
      } else if (part.fieldname === DELIVER_FIELDS.code) {
        code = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Busboy's and the plugin's errors (no boundary, truncated body, over a part limit) are the client's.
    throw new AppError('BAD_REQUEST');
  }
  return { code: parseCode(code), photo };
}

export function driverRoutes(service: DriverJobsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      // One byte over the limit, so that readUpload sees a file is too large rather than a silently cut one.
      limits: { files: 1, fileSize: UPLOAD_LIMITS.documentBytes + 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
    });

    app.addHook('onRequest', async (request) => {
      requireRole(request, DRIVER_ROLE);
    });

    app.get(
      '/driver/summary',
      {
        schema: {
          tags,
          summary: "Drivers: my home: active jobs (counted up to 1,000), what my wallet was credited for deliveries today (Lagos day, kobo), and whether operators can assign me work (my vehicle on record, my duty switch on)",
          response: { 200: envelope(driverHomeSummarySchema) },
        },
      },
      async (request) => ok(await service.summary(requireRole(request, DRIVER_ROLE).id)),
    );

    app.put(
      '/driver/availability',
      {
        schema: {
          tags,
          summary: 'Drivers: go on or off duty ({ onDuty }); operators cannot assign work to a driver off duty',
          description:
            'Answers the state now and when it last changed. Sending the state already set changes nothing. ' +
            '404 DRIVER_NOT_FOUND without a vehicle on record; an assignment to a driver off duty answers 409 DRIVER_OFF_DUTY.',
          body: driverAvailabilityBodySchema,
          response: { 200: envelope(driverDutySchema) },
        },
      },
      async (request) => ok(await service.switchDuty(requireRole(request, DRIVER_ROLE).id, request.body.onDuty), SUCCESS_MESSAGES.ok),
    );

    app.get(
      '/driver/jobs',
      {
        schema: {
          tags,
          summary: 'Drivers: my jobs, active (assigned, not yet delivered) or completed',
          querystring: driverJobsQuerySchema,
          response: { 200: envelope(driverJobsPageSchema) },
        },
      },
      async (request) => ok(await service.listJobs(requireRole(request, DRIVER_ROLE).id, request.query.scope, request.query)),
    );

    app.get(
      '/driver/jobs/:id',
      {
        schema: { tags, summary: 'Drivers: one of my jobs', params: deliveryIdParamsSchema, response: { 200: envelope(driverJobSchema) } },
      },
      async (request) => ok(await service.getJob(requireRole(request, DRIVER_ROLE).id, request.params.id)),
    );

    app.post(
      '/driver/jobs/:id/status',
      {
        // A retry after a lost answer gets the first answer again, and sends the receiver nothing twice.
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'Drivers: one step on the road (picked_up → in_transit → out_for_delivery)',
          params: deliveryIdParamsSchema,
          body: driverStatusBodySchema,
          response: { 200: envelope(driverJobSchema) },
        },
      },
      async (request) =>
        ok(await service.stepStatus(requireRole(request, DRIVER_ROLE).id, request.params.id, request.body.status), SUCCESS_MESSAGES.statusUpdated),
    );

    app.post(
      '/driver/jobs/:id/failed-attempt',
      {
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'Drivers: the parcel could not be handed over (from out_for_delivery); the operator or the shipper then decides',
          description: 'reason: receiver_unavailable, refused, wrong_address, cod_unpaid, unsafe_location or other (then a note is required). 409 from any other status.',
          params: deliveryIdParamsSchema,
          body: failedAttemptBodySchema,
          response: { 200: envelope(driverJobSchema) },
        },
      },
      async (request) =>
        ok(await service.recordFailedAttempt(requireRole(request, DRIVER_ROLE).id, request.params.id, request.body), SUCCESS_MESSAGES.statusUpdated),
    );

    app.post(
      '/driver/jobs/:id/pay-link',
      {
        config: { idempotent: true },
        schema: {
          tags,
          summary: "Drivers: send the receiver of a pay-on-delivery job a fresh payment link by SMS (the old link stops working)",
          description: '409 NOT_PAY_ON_DELIVERY for a prepaid job; { sent: false, paid: true } once the receiver has paid.',
          params: deliveryIdParamsSchema,
          response: { 200: envelope(payLinkResultSchema) },
        },
      },
      async (request) => ok(await service.resendPayLink(requireRole(request, DRIVER_ROLE).id, request.params.id), SUCCESS_MESSAGES.ok),
    );

    app.post(
      '/driver/jobs/:id/deliver',
      {
        // A retry after a lost answer gets the first answer again, and sends the receiver nothing twice.
        config: { idempotent: true },
        schema: {
          tags,
          summary: "Drivers: hand over with the receiver's 4-digit code (JSON { code }, or multipart code + optional photo)",
          description:
            'A wrong code answers 422 HANDOVER_CODE_INVALID with params.attemptsLeft; after 5 wrong codes 423 ' +
            'HANDOVER_LOCKED (only an operator can complete it). The photo: JPEG, PNG or WebP, checked by content, at most 10 MB.',
          consumes: ['application/json', 'multipart/form-data'],
          params: deliveryIdParamsSchema,
          response: { 200: envelope(driverJobSchema) },
        },
      },
      async (request) => {
        const driverId = requireRole(request, DRIVER_ROLE).id;
        const { code, photo } = await readDeliverRequest(request);
        return ok(await service.deliver(driverId, request.params.id, code, photo), SUCCESS_MESSAGES.deliveryCompleted);
      },
    );
  };
}

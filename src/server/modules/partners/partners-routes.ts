import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  applicationIdParamsSchema,
  documentParamsSchema,
  DOCUMENT_RULES,
  operatorApplicationSchema,
  operatorApplicationsPageSchema,
  operatorApplicationsQuerySchema,
  PARTNER_MESSAGE_KEYS,
  partnerApplicationSchema,
  rejectApplicationBodySchema,
  type PartnerApplication,
} from '../../../shared/schemas/partners.js';
import { DOCUMENT_MAX_BYTES } from '../../../shared/upload-limits.js';
import { OPERATOR_ROLE } from '../../../shared/roles.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import { attachmentDisposition } from '../../lib/uploads.js';
import { requireRole, requireUser } from '../../plugins/auth.js';
import type { PartnersService } from './partners-service.js';

const TAGS = ['partners'];
const security: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

/** The most files one application can carry (the transportation form's), plus one so "one too many" is ours to name. */
const MAX_FILES = Math.max(...Object.values(DOCUMENT_RULES).map((rules) => rules.reduce((sum, rule) => sum + rule.max, 0))) + 1;

/**
 * Reads the multipart body part by part: `type` first, each file as it arrives (checked and stored by the
 * service), the other fields collected for the end. On any failure the stored files are removed and the rest of
 * the body is drained, so the browser, still uploading, receives the 4xx rather than a closed connection.
 */
async function receiveApplication(request: FastifyRequest, partners: PartnersService, userId: string): Promise<PartnerApplication> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const submission = partners.startSubmission(userId);
  const parts = request.parts()[Symbol.asyncIterator]();
  const fields: Record<string, string> = {};
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part: Multipart = next.value;
      if (part.type === 'file') {
        await submission.addDocument(part.fieldname, part.file, part.filename);
      } else if (part.fieldname === 'type') {
        await submission.setType(String(part.value));
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    return await submission.submit(fields);
  } catch (error) {
    await submission.discard();
    await drain(parts);
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw new AppError('VALIDATION_FAILED', { fields: { documents: [PARTNER_MESSAGE_KEYS.tooManyFiles] } });
    }
    // Busboy's and the plugin's errors (no boundary, a truncated body, over a part limit) are the client's.
    throw new AppError('BAD_REQUEST');
  }
}

async function drain(parts: AsyncIterator<Multipart>) {
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      if (next.value.type === 'file') next.value.file.resume();
    }
  } catch {
    // The body was broken anyway; the answer is already decided.
  }
}

/**
 * An uploaded document is the applicant's bytes: it goes out as a download, in a sandbox with no sources of its own
 * even if a browser ever rendered it, and never sniffed into another type (docs/decisions/045).
 */
export const DOCUMENT_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** The applicant's side: apply, see the applications and their status, open their own documents. */
export function partnersRoutes(partners: PartnersService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      // One byte over the limit, so that readUpload sees a file is too large rather than a silently cut one.
      limits: { files: MAX_FILES, fileSize: DOCUMENT_MAX_BYTES + 1, fields: 20, fieldSize: 2048, parts: MAX_FILES + 20, headerPairs: 50 },
    });

    app.post(
      '/partner-applications',
      {
        schema: {
          tags: TAGS,
          summary: 'Apply to become a transportation or investment partner (multipart/form-data)',
          description:
            'Fields: `type` (transportation | investment) first, the form fields of that type, `agreeTerms=true`, ' +
            'then the documents, each in a field named by its kind: transportation idDocument, driversLicence, proofOfAddress, ' +
            'vehicleLicense, insuranceCertificate, roadWorthiness and 3-5 vehiclePhoto; investment idDocument, ' +
            'proofOfAddress, proofOfFunds and optionally cacCertificate. PDF, JPEG, PNG or WebP (vehicle photos: ' +
            'images), checked by content, at most 10 MB each. A refused document is named in `details`. One open ' +
            'application per type (APPLICATION_ALREADY_OPEN).',
          consumes: ['multipart/form-data'],
          security,
          response: { 201: envelope(partnerApplicationSchema) },
        },
      },
      async (request, reply) => {
        const application = await receiveApplication(request, partners, requireUser(request).id);
        return reply.status(201).send(ok(application, 'Application received.'));
      },
    );

    app.get(
      '/partner-applications/mine',
      {
        schema: {
          tags: TAGS,
          summary: "The signed-in user's partner applications, newest first, with their status",
          security,
          response: { 200: envelope(z.array(partnerApplicationSchema)) },
        },
      },
      async (request) => ok(await partners.listMine(requireUser(request).id)),
    );

    app.get(
      '/partner-applications/:id/documents/:documentId',
      {
        schema: {
          tags: TAGS,
          summary: 'A document of an application, as a download: for its applicant and for operators (404 for anyone else)',
          security,
          params: documentParamsSchema,
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const document = await partners.openDocument(
          { id: user.id, isOperator: user.roles.includes(OPERATOR_ROLE) },
          request.params.id,
          request.params.documentId,
        );
        return reply
          .type(document.contentType)
          .header('content-length', document.sizeBytes)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', DOCUMENT_CONTENT_SECURITY_POLICY)
          .header('content-disposition', attachmentDisposition(document.originalName, document.contentType))
          .send(document.stream);
      },
    );
  };
}

/** Operators: review the applications, open their documents, approve or reject them (docs/decisions/032). */
export function operatorPartnersRoutes(partners: PartnersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      requireRole(request, OPERATOR_ROLE);
    });

    app.get(
      '/operator/partner-applications',
      {
        schema: {
          tags: TAGS,
          summary: 'Operators: partner applications, newest first, optionally by status and type',
          security,
          querystring: operatorApplicationsQuerySchema,
          response: { 200: envelope(operatorApplicationsPageSchema) },
        },
      },
      async (request) => ok(await partners.list(request.query)),
    );

    app.get(
      '/operator/partner-applications/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Operators: one application with its applicant and documents',
          security,
          params: applicationIdParamsSchema,
          response: { 200: envelope(operatorApplicationSchema) },
        },
      },
      async (request) => ok(await partners.find(request.params.id)),
    );

    app.post(
      '/operator/partner-applications/:id/start-review',
      {
        schema: {
          tags: TAGS,
          summary: 'Operators: the application is being reviewed (submitted → under_review)',
          security,
          params: applicationIdParamsSchema,
          body: z.unknown().optional(),
          response: { 200: envelope(operatorApplicationSchema) },
        },
      },
      async (request) => ok(await partners.startReview(request.params.id, requireUser(request).id), 'Review started.'),
    );

    app.post(
      '/operator/partner-applications/:id/approve',
      {
        schema: {
          tags: TAGS,
          summary: 'Operators: approve; a transportation partner becomes a driver with the vehicle on record',
          security,
          params: applicationIdParamsSchema,
          body: z.unknown().optional(),
          response: { 200: envelope(operatorApplicationSchema) },
        },
      },
      async (request) => ok(await partners.approve(request.params.id, requireUser(request).id), 'Application approved.'),
    );

    app.post(
      '/operator/partner-applications/:id/reject',
      {
        schema: {
          tags: TAGS,
          summary: 'Operators: reject, with the reason the applicant is told',
          security,
          params: applicationIdParamsSchema,
          body: rejectApplicationBodySchema,
          response: { 200: envelope(operatorApplicationSchema) },
        },
      },
      async (request) =>
        ok(await partners.reject(request.params.id, requireUser(request).id, request.body.reason), 'Application rejected.'),
    );
  };
}

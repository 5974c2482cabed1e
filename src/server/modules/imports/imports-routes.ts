import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { cursorQuerySchema } from '../../../shared/schemas/paging.js';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  importCreatedSchema,
  importExampleRow,
  importIdParamsSchema,
  importSchema,
  importsPageSchema,
} from '../../../shared/schemas/imports.js';
import { AppError } from '../../lib/app-error.js';
import { csvLine } from '../../lib/csv.js';
import { ok } from '../../lib/reply.js';
import { readUpload } from '../../lib/uploads.js';
import { requireUser } from '../../plugins/auth.js';
import { lagosDate } from '../deliveries/delivery-view.js';
import type { ImportsService } from './imports-service.js';

const tags = ['imports'];
const security: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];
export const IMPORT_FILE_FIELD = 'file';

/** The template: the header, and its example row for tomorrow in Lagos. */
function templateCsv(): string {
  const example = importExampleRow(lagosDate(new Date(Date.now() + 24 * 60 * 60 * 1000)));
  return csvLine(IMPORT_COLUMNS) + csvLine(IMPORT_COLUMNS.map((column) => example[column]));
}

/** The one CSV file of the request, read within the limit (413 beyond); AppErrors for everything else. */
async function readImportUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== IMPORT_FILE_FIELD) throw new AppError('FILE_REQUIRED');
    return { fileName: part.filename, bytes: await readUpload(part.file, IMPORT_MAX_BYTES) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST');
  }
}

/** Bulk import (issue 23, decision 054). */
export function importsRoutes(imports: ImportsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      // One byte over the limit, so that readUpload sees a file is too large rather than a silently cut one.
      limits: { files: 1, fileSize: IMPORT_MAX_BYTES + 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
    });

    app.get(
      '/imports/template.csv',
      { schema: { tags, summary: 'The bulk import template: its header and one example row (UTF-8 CSV)', security } },
      async (request, reply) => {
        requireUser(request);
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'attachment; filename="lanefreight-import-template.csv"')
          .send(templateCsv());
      },
    );

    app.post(
      '/imports',
      {
        schema: {
          tags,
          summary: 'Upload a CSV of deliveries to book: multipart/form-data with one file in the field "file"',
          description:
            'UTF-8 (a byte-order mark is fine), comma-separated, the template\'s header, at most 2 MB and 1,000 rows. ' +
            'Answers 202 at once; the import is validated in the background (GET /api/imports/{id}). Errors: ' +
            'FILE_REQUIRED, FILE_TOO_LARGE (413), IMPORT_TOO_MANY_ROWS, IMPORT_NOT_UTF8, IMPORT_MALFORMED, ' +
            'IMPORT_HEADER_INVALID, IMPORT_EMPTY (422).',
          consumes: ['multipart/form-data'],
          security,
          response: { 202: envelope(importCreatedSchema) },
        },
      },
      async (request, reply) => {
        const userId = requireUser(request).id;
        const { fileName, bytes } = await readImportUpload(request);
        return reply.status(202).send(ok(await imports.upload(userId, fileName, bytes)));
      },
    );

    app.get(
      '/imports',
      {
        schema: { tags, summary: 'My imports, newest first (keyset pages)', security, querystring: cursorQuerySchema, response: { 200: envelope(importsPageSchema) } },
      },
      async (request) => ok(await imports.list(requireUser(request).id, request.query)),
    );

    app.get(
      '/imports/:id',
      {
        schema: {
          tags,
          summary: 'One import: validating, ready, invalid or confirmed, with its rows, total and errors per cell',
          security,
          params: importIdParamsSchema,
          response: { 200: envelope(importSchema) },
        },
      },
      async (request) => ok(await imports.get(requireUser(request).id, request.params.id)),
    );

    app.post(
      '/imports/:id/confirm',
      {
        schema: {
          tags,
          summary: 'Book and pay every row from the wallet, all at once or nothing; confirming again changes nothing',
          description:
            'One posting from the wallet for the total. IMPORT_INSUFFICIENT_BALANCE (402, params shortfallKobo, ' +
            'totalKobo, balanceKobo) writes nothing; IMPORT_NOT_READY (409) while validating or invalid; ' +
            'IMPORT_PRICES_CHANGED (409) when a price moved since validation (it is validated again).',
          security,
          params: importIdParamsSchema,
          response: { 200: envelope(importSchema) },
        },
      },
      async (request) => ok(await imports.confirm(requireUser(request).id, request.params.id)),
    );
  };
}

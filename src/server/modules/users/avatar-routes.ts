import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userProfileSchema } from '../../../shared/schemas/auth.js';
import { envelope } from '../../../shared/schemas/common.js';
import { AppError } from '../../lib/app-error.js';
import { readUpload, UPLOAD_LIMITS } from '../../lib/uploads.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import { ok } from '../../lib/reply.js';
import { requireUser } from '../../plugins/auth.js';
import type { AvatarService } from './avatar-service.js';

const TAGS = ['users'];
const security: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

export const AVATAR_FIELD = 'file';

/**
 * A picture never changes under its key (a new one gets a new key), so browsers may keep it; `private` keeps it
 * out of shared caches, since only signed-in people may see it (docs/decisions/030).
 */
export const AVATAR_CACHE_CONTROL = 'private, max-age=604800, immutable';

/** The one file of the request, read into memory within the avatar limit; AppErrors for everything else. */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== AVATAR_FIELD) throw new AppError('FILE_REQUIRED');
    return await readUpload(part.file, UPLOAD_LIMITS.avatarBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Busboy's and the plugin's errors (no boundary, truncated body, over a part limit) are the client's.
    throw new AppError('BAD_REQUEST');
  }
}

/** Upload, remove and serve profile pictures (docs/decisions/030). */
export function avatarRoutes(avatars: AvatarService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      // One byte over the limit, so that readUpload sees a file is too large rather than a silently cut one.
      limits: { files: 1, fileSize: UPLOAD_LIMITS.avatarBytes + 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
    });

    app.post(
      '/user-profile/avatar',
      {
        schema: {
          tags: TAGS,
          summary: 'Set the profile picture: multipart/form-data with one file in the field "file"',
          description:
            'JPEG, PNG or WebP (checked by content), at most 2 MB and 4096×4096 pixels (16.7 megapixels). The ' +
            'server re-encodes it (no metadata, within 512×512), stores it, sets `profileImage` to its ' +
            '`/api/avatars/…` address and deletes the previous picture. Errors: FILE_REQUIRED, FILE_TYPE_NOT_ALLOWED, ' +
            'FILE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, and SERVICE_UNAVAILABLE (503, Retry-After) ' +
            'while too many pictures are being processed at once.',
          consumes: ['multipart/form-data'],
          security,
          response: { 200: envelope(userProfileSchema) },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const upload = await readAvatarUpload(request);
        return ok(await avatars.replaceAvatar(userId, upload), SUCCESS_MESSAGES.avatarUpdated);
      },
    );

    app.delete(
      '/user-profile/avatar',
      {
        schema: {
          tags: TAGS,
          summary: 'Remove the profile picture',
          security,
          response: { 200: envelope(userProfileSchema) },
        },
      },
      async (request) => ok(await avatars.removeAvatar(requireUser(request).id), SUCCESS_MESSAGES.avatarRemoved),
    );

    app.get(
      '/avatars/:month/:file',
      {
        schema: {
          tags: TAGS,
          summary: 'A profile picture, for any signed-in user (the address is in profileImage)',
          security,
          // Loose on purpose: whatever is not a stored avatar's address is simply not found.
          params: z.object({ month: z.string().max(200), file: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        const { stream, sizeBytes, contentType } = await avatars.openAvatar(`${request.params.month}/${request.params.file}`);
        return reply
          .type(contentType)
          .header('content-length', sizeBytes)
          .header('cache-control', AVATAR_CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(stream);
      },
    );
  };
}

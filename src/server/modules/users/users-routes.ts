import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSessionSchema, updateProfileBodySchema, userProfileSchema } from '../../../shared/schemas/auth.js';
import { envelope } from '../../../shared/schemas/common.js';
import {
  IDENTIFIER_CHANGE_PENDING_TYPE,
  confirmIdentifierChangeBodySchema,
} from '../../../shared/schemas/identifier-change.js';
import { ok } from '../../lib/reply.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import { requireUser } from '../../plugins/auth.js';
import type { SignedInUser } from '../../lib/signed-in-user.js';
import type { IdentifierChange, UsersService } from './users-service.js';
import type { AvatarService } from './avatar-service.js';

const TAGS = ['users'];

/**
 * What the profile routes need of sign-in to change an email or phone (the password, then a code): the auth module
 * provides it. Declared here, so users depends on no module above it (auth builds on users).
 */
export interface IdentifierChanges {
  requestIdentifierChange(userId: string, change: IdentifierChange, currentPassword: string | undefined, context: { ip: string }): Promise<unknown>;
  confirmIdentifierChange(user: Pick<SignedInUser, 'id' | 'sessionId'>, code: string): Promise<unknown>;
}

export function usersRoutes(
  users: UsersService,
  identifierChanges: IdentifierChanges,
  avatars: Pick<AvatarService, 'removeAvatar'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user-profile',
      {
        schema: {
          tags: TAGS,
          summary: "The signed-in user's profile; walletBalance is integer kobo",
          security: [{ sessionCookie: [] }, { bearerAuth: [] }],
          response: { 200: envelope(userProfileSchema) },
        },
      },
      async (request) => ok(await users.getProfile(requireUser(request).id), SUCCESS_MESSAGES.ok),
    );

    app.get(
      '/session',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Who is signed in: the same profile as /user-profile, or user null without a (live) session',
          description:
            'The browser asks this on every visit, signed in or not, so being signed out is a 200 with `user: null` ' +
            'rather than the 401 of `GET /api/user-profile`.',
          security: [{}, { sessionCookie: [] }, { bearerAuth: [] }],
          response: { 200: envelope(currentSessionSchema) },
        },
      },
      async (request) => ok({ user: request.user ? await users.getProfile(request.user.id) : null }, SUCCESS_MESSAGES.ok),
    );

    app.post(
      '/update/user-profile',
      {
        schema: {
          tags: TAGS,
          summary: 'Change some profile fields; the others stay as they are',
          description:
            'A new email or phone (one at a time) needs `currentPassword` and is not applied yet: a code goes to the new ' +
            `identifier and the answer has \`type: "${IDENTIFIER_CHANGE_PENDING_TYPE}"\`; confirm with ` +
            '`POST /api/update/user-profile/confirm`. The other fields change at once.',
          security: [{ sessionCookie: [] }, { bearerAuth: [] }],
          body: updateProfileBodySchema,
          response: { 200: envelope(userProfileSchema) },
        },
      },
      async (request) => {
        const userId = requireUser(request).id;
        const { email, phone, currentPassword, profileImage, ...rest } = request.body;
        const change = await users.findIdentifierChange(userId, { email, phone });
        if (change) await identifierChanges.requestIdentifierChange(userId, change, currentPassword, { ip: request.ip });
        // null is the only value the schema lets through: the stored file goes with it.
        if (profileImage === null) await avatars.removeAvatar(userId);
        const profile = await users.updateProfile(userId, rest);
        return change
          ? ok(profile, SUCCESS_MESSAGES.identifierChangeCodeSent, IDENTIFIER_CHANGE_PENDING_TYPE)
          : ok(profile, SUCCESS_MESSAGES.profileUpdated);
      },
    );

    app.post(
      '/update/user-profile/confirm',
      {
        schema: {
          tags: TAGS,
          summary: 'Confirm a new email or phone with the code sent to it; signs out every other session',
          security: [{ sessionCookie: [] }, { bearerAuth: [] }],
          body: confirmIdentifierChangeBodySchema,
          response: { 200: envelope(userProfileSchema) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await identifierChanges.confirmIdentifierChange(user, request.body.code);
        return ok(await users.getProfile(user.id), SUCCESS_MESSAGES.identifierChanged);
      },
    );
  };
}

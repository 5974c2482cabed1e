import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  addressBodySchema,
  addressIdParamsSchema,
  addressListSchema,
  addressPatchSchema,
  addressSchema,
} from '../../../shared/schemas/places.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import type { AddressesService } from './addresses-service.js';

const tags = ['addresses'];

export function addressesRoutes(addresses: AddressesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/addresses',
      { schema: { tags, summary: 'My saved addresses (at most 100), oldest first', response: { 200: envelope(addressListSchema) } } },
      async (request) => ok(await addresses.list(requireUser(request).id)),
    );

    app.post(
      '/addresses',
      {
        schema: {
          tags,
          summary: 'Save an address: a place (placeId) or a point in Nigeria (lat, lng), with the street line',
          body: addressBodySchema,
          response: { 201: envelope(addressSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await addresses.create(requireUser(request).id, request.body), SUCCESS_MESSAGES.addressSaved)),
    );

    app.patch(
      '/addresses/:id',
      {
        schema: {
          tags,
          summary: 'Change a saved address',
          params: addressIdParamsSchema,
          body: addressPatchSchema,
          response: { 200: envelope(addressSchema) },
        },
      },
      async (request) =>
        ok(await addresses.update(requireUser(request).id, request.params.id, request.body), SUCCESS_MESSAGES.addressSaved),
    );

    app.delete(
      '/addresses/:id',
      {
        schema: {
          tags,
          summary: 'Delete a saved address',
          params: addressIdParamsSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await addresses.remove(requireUser(request).id, request.params.id);
        return ok(null, SUCCESS_MESSAGES.addressDeleted);
      },
    );
  };
}

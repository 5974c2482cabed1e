import type { FastifyReply } from 'fastify';
import type { RenderedJson } from '../modules/bookings/delivery-read-cache.js';

/** Builds the spec's success envelope. */
export function ok<T>(data: T, message = 'OK', type?: string) {
  return type === undefined ? { success: true, data, message } : { success: true, data, message, type };
}

/**
 * Sends JSON the route rendered (and maybe compressed) itself, such as a cached read, now or once it is ready.
 * The reply is widened on purpose: a typed route's `send` accepts only its response object, while Fastify sends
 * a buffer as is, and @fastify/compress leaves a body alone once it has a content-encoding.
 */
export function sendRenderedJson(
  reply: FastifyReply,
  rendered: RenderedJson | Promise<RenderedJson>,
): void | Promise<void> {
  if (rendered instanceof Promise) return rendered.then((ready) => sendRenderedJson(reply, ready));
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (rendered.encoding) reply.header('content-encoding', rendered.encoding);
  reply.send(rendered.body);
}

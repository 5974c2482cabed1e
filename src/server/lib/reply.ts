import type { FastifyReply } from 'fastify';
import type { ContentEncoding } from './content-encoding.js';
import { SUCCESS_MESSAGES } from './messages.js';

/** Builds the spec's success envelope. */
export function ok<T>(data: T, message: string = SUCCESS_MESSAGES.ok, type?: string) {
  return type === undefined ? { success: true, data, message } : { success: true, data, message, type };
}

/** JSON a route rendered itself: the body and, when compressed, its content-encoding. */
export interface RenderedJson {
  body: Buffer;
  encoding: ContentEncoding | null;
}

/**
 * Options for a route that answers with `sendRenderedJson`: it compresses for itself, so @fastify/compress's
 * per-response hook stays off that route (the hook cost these reads a tenth of their throughput).
 */
export const rendersOwnJson = { compress: false } as const;

/**
 * Sends JSON the route rendered (and maybe compressed) itself, such as a cached read, now or once it is ready.
 * The reply is widened on purpose: a typed route's `send` accepts only its response object, while Fastify sends
 * a buffer as is. Use it on routes declared with `rendersOwnJson`.
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

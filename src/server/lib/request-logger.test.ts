import { describe, expect, it, vi } from 'vitest';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { childLoggerFactory } from './request-logger.js';

function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level }, destination);
  const makeChild = vi.spyOn(logger, 'child');
  const app = Fastify({ loggerInstance: logger, childLoggerFactory, genReqId: () => 'req-1' });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.warn({ parcel: 'LF001' }, 'parcel held at the depot');
    return { ok: true };
  });
  return { app, lines, makeChild };
}

describe('request loggers', () => {
  it('makes no child for a request that logs nothing at the configured level', async () => {
    const { app, lines, makeChild } = appLoggingAt('warn');
    await app.ready();
    makeChild.mockClear(); // Fastify's own, at start
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(makeChild).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('writes a request’s lines with its request id, at and above the level', async () => {
    const { app, lines, makeChild } = appLoggingAt('warn');
    await app.ready();
    makeChild.mockClear();
    await app.inject({ url: '/warns' });
    expect(makeChild).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', parcel: 'LF001', msg: 'parcel held at the depot' }),
    ]);
  });

  it('keeps Fastify’s request lines at info', async () => {
    const { app, lines } = appLoggingAt('info');
    await app.inject({ url: '/quiet' });
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['incoming request', 'req-1'],
      ['request completed', 'req-1'],
    ]);
  });
});

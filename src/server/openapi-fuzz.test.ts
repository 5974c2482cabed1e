import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createHmac } from 'node:crypto';
import { createTestApp, startAnotherInstance, type TestApp } from './test/test-app.js';
import { createUser, DEFAULT_TEST_PASSWORD, uniqueSuffix } from './test/factories.js';
import { SESSION_COOKIE } from './modules/auth/session-service.js';
import { book } from './test/delivery-test-helpers.js';

/**
 * Bad input never reaches a 500, on any route. The requests are generated from the OpenAPI document the app
 * serves, so a route added later is covered without anyone listing it. Each operation gets: every parameter and
 * body property replaced by each hostile value, hostile whole bodies and query strings, signed out and signed in
 * (a cookie session, sent the way the web app sends it). Operations that need more than a plain request are
 * handled below by name, never skipped.
 */

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const CONCURRENCY = 8;
const NUL = 'Lagos\u0000Ikeja';
const LONE_LOW_SURROGATE = '\uDC00Lagos';
const deepObject = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
const deepArrayText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Values that replace one field at a time: wrong content, wrong types, wrong sizes. */
function hostileValues(schema: Schema | undefined, valid: unknown): unknown[] {
  const long = 'x'.repeat(Math.max((schema?.maxLength ?? 0) + 1, 10_000));
  // Hidden inside an otherwise valid value, NUL and lone surrogates get past format checks to the database.
  const text = typeof valid === 'string' && valid.length > 1 ? valid : 'Lagos';
  const middle = Math.floor(text.length / 2);
  return [
    `${text.slice(0, middle)}\u0000${text.slice(middle)}`,
    `${text}\u0000`,
    `${text.slice(0, middle)}\uD800${text.slice(middle)}`,
    NUL,
    LONE_LOW_SURROGATE,
    long,
    '',
    'not-in-any-enum',
    1e308,
    -1,
    1.5,
    9_223_372_036_854_775_808,
    true,
    null,
    [NUL],
    { $gt: '' },
    deepObject(40),
  ];
}

/** Raw query/path texts: NUL, invalid or lone-surrogate UTF-8, numbers out of every range, malformed ids. */
const HOSTILE_TEXTS = [
  '%00',
  'LF%00',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%',
  '%E0%A4%A',
  'x'.repeat(5_000),
  '1e400',
  '-1',
  '1.5',
  '99999999999999999999999',
  'NaN',
  '00000000-0000-0000-0000-00000000000g',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%201%3D1',
  '%F0%9F%93%A6',
];
const HOSTILE_QUERY_STRINGS = [
  '?%',
  '?a=%00',
  '?__proto__[polluted]=1',
  '?constructor[prototype][polluted]=1',
  '?page[]=1&page[]=2',
  '?page=1&page=2',
  // Keyset lists (decision 049): a cursor is opaque, and anything but one the server wrote is a 400.
  '?cursor=%27%20OR%201%3D1',
  '?cursor[]=a&cursor[]=b',
  '?cursor=WyIyMDI2LTAxLTAxIiwtMV0&limit=1',
  '?limit=1e9',
  `?${'a=1&'.repeat(2_000)}`,
  '?%ED%A0%80=%ED%A0%80',
];

function firstOf(schema: Schema): Schema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0] ?? schema;
}

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** A plausible valid value, so that one hostile field at a time gets past every other check. */
function validValue(name: string, rawSchema: Schema | undefined, ids: Record<string, string>): unknown {
  const schema = firstOf(rawSchema ?? {});
  if (ids[name] !== undefined) return ids[name];
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [validValue(name, schema.items, ids)];
  if (type === 'object') return validObject(schema, ids, 'all');
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (schema.format === 'email' || /email|identifier|^to$/i.test(name)) return `fuzz-${uniqueSuffix()}@example.ng`;
  if (/phone|whatsapp/i.test(name)) return `+23480${String(Date.now()).slice(-8)}`;
  if (/password/i.test(name)) return DEFAULT_TEST_PASSWORD;
  if (/otp|code/i.test(name)) return '123456';
  if (/country/i.test(name)) return 'NG';
  if (/token/i.test(name)) return 'x'.repeat(Math.max(schema.minLength ?? 0, 40));
  const text = 'Ikeja Lagos';
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
}

function validObject(schema: Schema, ids: Record<string, string>, which: 'all' | 'required' | string): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const included = Object.keys(properties).filter((key) => which === 'all' || required.has(key) || key === which);
  return Object.fromEntries(included.map((key) => [key, validValue(key, properties[key], ids)]));
}

interface Request {
  label: string;
  options: InjectOptions;
}

class Fuzzer {
  sent = 0;
  failures: string[] = [];
  constructor(private readonly t: TestApp) {}

  async send(request: Request, asStream = false) {
    this.sent += 1;
    const response = await this.t.app.inject({ ...request.options, ...(asStream ? { payloadAsStream: true } : {}) });
    if (asStream) response.stream().destroy();
    if (response.statusCode >= 500) {
      const body = asStream ? '(stream)' : response.body.slice(0, 200);
      this.failures.push(`${response.statusCode} ${request.label}: ${body}`);
    }
    return response;
  }

  /** A few at a time: the database and the password hashing overlap with request parsing, as in production. */
  async sendAll(requests: Request[], asStream: boolean) {
    const queue = [...requests];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await this.send(next, asStream);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
}

const hasEventStream = (operation: Operation) =>
  Object.values(operation.responses ?? {}).some((response) => Object.keys(response.content ?? {}).includes('text/event-stream'));

function pathWith(template: string, values: Record<string, string>) {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? 'x');
}

/** Percent-encoding that also writes a lone surrogate, as the bytes a careless client would send (WTF-8). */
function encodeAny(text: string): string {
  return Array.from(text, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    }
    return encodeURIComponent(char);
  }).join('');
}

function encodeQuery(query: Record<string, unknown>) {
  const parts = Object.entries(query).map(([key, value]) => `${encodeAny(key)}=${encodeAny(String(value))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Every hostile request for one operation, around a base that is as valid as the document lets us make it. */
function hostileRequests(
  method: string,
  template: string,
  operation: Operation,
  base: { path: Record<string, string>; query: Record<string, unknown>; body: unknown },
  headers: Record<string, string>,
): Request[] {
  const parameters = operation.parameters ?? [];
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const takesBody = method !== 'GET' && method !== 'HEAD';
  const url = (path: Record<string, string>, queryText: string) => `${pathWith(template, path)}${queryText}`;
  const baseUrl = url(base.path, encodeQuery(base.query));
  const json = () => ({ ...headers, 'content-type': 'application/json' });
  const bodyOf = (body: unknown) => (takesBody ? { payload: JSON.stringify(body ?? {}), headers: json() } : { headers });
  const requests: Request[] = [];
  const add = (label: string, options: InjectOptions) => requests.push({ label: `${method} ${template} ${label}`, options: { method: method as InjectOptions['method'], ...options } });

  for (const parameter of parameters) {
    if (parameter.in === 'path') {
      for (const text of HOSTILE_TEXTS) {
        add(`path ${parameter.name}=${text.slice(0, 30)}`, { url: url({ ...base.path, [parameter.name]: text }, encodeQuery(base.query)), ...bodyOf(base.body) });
      }
    } else if (parameter.in === 'query') {
      for (const value of hostileValues(parameter.schema, base.query[parameter.name])) {
        if (typeof value === 'object' && value !== null) continue;
        add(`query ${parameter.name}=${JSON.stringify(value)?.slice(0, 30)}`, {
          url: url(base.path, encodeQuery({ ...base.query, [parameter.name]: value })),
          ...bodyOf(base.body),
        });
      }
      for (const text of HOSTILE_TEXTS) {
        add(`raw query ${parameter.name}=${text.slice(0, 30)}`, { url: `${url(base.path, '')}?${parameter.name}=${text}`, ...bodyOf(base.body) });
      }
    }
  }
  for (const queryText of HOSTILE_QUERY_STRINGS) add(`query ${queryText.slice(0, 40)}`, { url: url(base.path, queryText), ...bodyOf(base.body) });

  if (!takesBody) return requests;

  const objectBody = base.body && typeof base.body === 'object' && !Array.isArray(base.body) ? (base.body as Record<string, unknown>) : {};
  for (const [name, schema] of Object.entries(jsonSchema?.properties ?? {})) {
    for (const value of hostileValues(schema, objectBody[name])) {
      add(`body.${name}=${JSON.stringify(value).slice(0, 30)}`, { url: baseUrl, ...bodyOf({ ...objectBody, [name]: value }) });
    }
  }
  add('body with a NUL key', { url: baseUrl, ...bodyOf({ ...objectBody, 'Lagos\u0000': 'x' }) });
  add('body with an unknown field', { url: baseUrl, ...bodyOf({ ...objectBody, unexpected: NUL }) });
  add('body __proto__', { url: baseUrl, headers: json(), payload: `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}` });
  const rawBodies: [string, string][] = [
    ['empty JSON', ''],
    ['invalid JSON', '{"a":'],
    ['JSON null', 'null'],
    ['JSON array', '[]'],
    ['JSON string', '"Lagos"'],
    ['JSON number', '1e400'],
    ['deeply nested array', deepArrayText(20_000)],
    ['deeply nested object', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
    ['escaped NUL', '{"name":"\\u0000"}'],
    ['escaped lone surrogate', '{"name":"\\ud800"}'],
    ['over the body limit', JSON.stringify({ name: 'x'.repeat(1_100_000) })],
  ];
  for (const [label, payload] of rawBodies) add(`body ${label}`, { url: baseUrl, headers: json(), payload });
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x']) {
    add(`body as ${contentType}`, { url: baseUrl, headers: { ...headers, 'content-type': contentType }, payload: 'name=%00&a=\u0000' });
  }
  return requests;
}

describe('every operation in the OpenAPI document, with hostile input', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    // Limits would turn later requests into 429s and hide what they reach.
    t = await createTestApp({
      SIGNIN_RATE_LIMIT_PER_MINUTE: '1000000',
      CODE_CHECK_RATE_LIMIT_PER_MINUTE: '1000000',
      CODE_SEND_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    document = t.app.swagger() as unknown as Document;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every generated request below 500, signed out and signed in', async () => {
    const fuzzer = new Fuzzer(t);
    const user = await createUser(t.deps.db, { roles: ['customer', 'operator'] });
    const bearer = { authorization: `Bearer ${(await t.deps.sessions.startSession(user.id, false)).token}` };
    const delivery = await book(t, bearer);
    const ids: Record<string, string> = { id: delivery.id, deliveryId: delivery.id, delivery_id: delivery.id };
    const sameOrigin = { origin: new URL(t.env.PUBLIC_URL).origin };

    let operations = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [lowerMethod, operation] of Object.entries(methods)) {
        const method = lowerMethod.toUpperCase();
        operations += 1;
        // A fresh session for each operation: sign-out, password reset and the like end the one they are sent with.
        const session = await t.deps.sessions.startSession(user.id, false);
        const states = { 'signed out': {}, 'signed in': { ...sameOrigin, cookie: `${SESSION_COOKIE}=${session.token}` } };

        const parameters = operation.parameters ?? [];
        const path = Object.fromEntries(
          parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(validValue(p.name, p.schema, ids))]),
        );
        const query = Object.fromEntries(
          parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, validValue(p.name, p.schema, ids)]),
        );
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        // The most complete body the route accepts: all fields, only the required ones, or those plus one optional.
        const candidates = bodySchema?.properties
          ? [
              validObject(bodySchema, ids, 'all'),
              validObject(bodySchema, ids, 'required'),
              ...Object.keys(bodySchema.properties).map((key) => validObject(bodySchema, ids, key)),
            ]
          : [{}];
        let body: unknown = candidates[0];
        if (method !== 'GET') {
          for (const candidate of candidates) {
            const probe = await fuzzer.send({
              label: `${method} ${template} probe`,
              options: { method: method as InjectOptions['method'], url: `${pathWith(template, path)}${encodeQuery(query)}`, headers: { ...states['signed in'], 'content-type': 'application/json' }, payload: JSON.stringify(candidate) },
            });
            body = candidate;
            if (probe.json<{ code?: string }>().code !== 'VALIDATION_FAILED') break;
          }
        }

        // A live stream never ends by itself: its requests are read up to the headers, then dropped.
        const asStream = hasEventStream(operation);
        const requests = Object.values(states).flatMap((headers) =>
          hostileRequests(method, template, operation, { path, query, body }, headers),
        );
        await fuzzer.sendAll(requests, asStream);
      }
    }

    // Routes kept out of the document on purpose, covered here by hand.
    for (const text of HOSTILE_TEXTS) {
      await fuzzer.send({ label: `GET /dev/mailbox to=${text}`, options: { method: 'GET', url: `/dev/mailbox?to=${text}&limit=${text}` } });
    }

    // The Paystack webhook takes raw bytes and answers 404 while the sandbox is the gateway: its payloads are
    // fuzzed on an instance configured for Paystack, signed, so that they get past the signature check.
    const secretKey = 'sk_test_fuzz';
    const paystack = await startAnotherInstance(t, { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: 'http://127.0.0.1:9' });
    try {
      const charge = { reference: 'LF-FUZZ-REF', amount: 150_000, status: 'success', currency: 'NGN' };
      const payloads = [
        ...Object.keys(charge).flatMap((key) =>
          hostileValues(undefined, charge[key as keyof typeof charge]).map((value) => JSON.stringify({ event: 'charge.success', data: { ...charge, [key]: value } })),
        ),
        ...hostileValues(undefined, 'charge.success').map((value) => JSON.stringify({ event: value, data: charge })),
        '',
        '{"event":',
        'null',
        '{"event":"charge.success","data":{"reference":"\u0000","amount":1,"status":"success"}}',
        deepArrayText(20_000),
      ];
      const webhookFuzzer = new Fuzzer({ ...t, app: paystack.app });
      await webhookFuzzer.sendAll(
        payloads.map((payload) => ({
          label: `signed Paystack webhook ${payload.slice(0, 60)}`,
          options: {
            method: 'POST',
            url: '/api/payments/webhook/paystack',
            headers: {
              'content-type': 'application/json',
              'x-paystack-signature': createHmac('sha512', secretKey).update(payload).digest('hex'),
            },
            payload,
          },
        })),
        false,
      );
      fuzzer.sent += webhookFuzzer.sent;
      fuzzer.failures.push(...webhookFuzzer.failures);
    } finally {
      await paystack.app.close();
    }

    console.log(`OpenAPI fuzz: ${fuzzer.sent} requests to ${operations} operations; ${fuzzer.failures.length} answered 5xx`);
    expect(operations).toBeGreaterThan(20);
    expect(fuzzer.failures).toEqual([]);
  }, 120_000);
});

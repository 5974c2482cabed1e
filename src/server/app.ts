import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { DestinationStream } from 'pino';
import { databaseOptionsOf, type Env } from './config/env.js';
import type { RateCard } from '../shared/pricing.js';
import { openDatabase, type Database } from './db/client.js';
import { registerErrorHandler, errorBody } from './plugins/error-handler.js';
import { routeNotFound } from './lib/app-error.js';
import { toV1Error, V1_PATH_PREFIX } from './modules/merchant-api/v1-routes.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerCsrfProtection } from './plugins/csrf.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { childLoggerFactory } from './lib/request-logger.js';
import { trustProxyOption } from './lib/trusted-proxies.js';
import { LOG_SERIALIZERS } from './lib/log-serializers.js';
import { registerServeWeb } from './plugins/serve-web.js';
import {
  createAppDeps,
  registerDevMailboxPage,
  registerModules,
  registerPublicPages,
  type AppDeps,
  type RegisteredModules,
} from './composition-root.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes are private by default; `public: true` opens one to signed-out callers. */
    public?: boolean;
  }
}

export interface BuildAppOptions {
  env: Env;
  /** An already open database (tests share one per file); otherwise one is opened from env. */
  database?: Database;
  /** Where the built web app lives; tests point elsewhere or nowhere. */
  webDist?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** The tariff; the rate card of src/shared/pricing.ts unless a test gives another. */
  rateCard?: RateCard;
}

export interface App {
  app: FastifyInstance;
  database: Database;
  deps: AppDeps;
  /** Background work, run now: what the timers would do next. */
  jobs: Pick<RegisteredModules, 'reconcilePayments' | 'returnUndecided' | 'webhooks'>;
}

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.otp',
  '*.token',
];

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { env } = options;
  const serving: { stop?: () => Promise<void> } = {};
  const onDatabaseLost = (reason: string) => {
    // Nothing can be served without it: stop, and let whatever supervises the server start it again.
    console.error(`${reason}; the server stops.`);
    process.exitCode = 1;
    void serving.stop?.();
  };
  const database =
    options.database ??
    (await openDatabase({ ...databaseOptionsOf(env), onLost: onDatabaseLost }));
  if (!options.database) await database.migrate();

  const app = Fastify({
    ...(options.logger === false
      ? { logger: false }
      : {
          logger: {
            level: env.LOG_LEVEL,
            redact: REDACT,
            serializers: LOG_SERIALIZERS,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
          childLoggerFactory,
        }),
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // A URL that cannot be decoded (`%ff`), or a parameter too long, never reaches a route: answered in our shapes.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const code = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 'INTERNAL' : 'BAD_REQUEST';
      const body = JSON.stringify(errorBody(code));
      const v1 = request.url.startsWith(V1_PATH_PREFIX) ? toV1Error(body) : null;
      return reply
        .status(code === 'INTERNAL' ? 500 : 400)
        .type('application/json; charset=utf-8')
        .send(v1 ?? body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  serving.stop = () => app.close();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  // Responses only: no client sends compressed bodies, so request decompression would be two hooks for nothing.
  await app.register(compress, { globalCompression: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  registerCsrfProtection(app, env.PUBLIC_URL);
  registerInputGuard(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Lanefreight API', version: '1.0.0', description: 'Freight and parcel delivery marketplace API' },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token of POST /api/login; on /api/v1 an API key (lf_test_… or lf_live_…) instead. There, no key (a session cookie alone included) is 401 API_KEY_MISSING, and a key that is wrong or revoked 401 API_KEY_INVALID.',
          },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'lf_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const deps = await createAppDeps(env, database, app.log, options.rateCard);
  // Fastify runs onClose hooks in the reverse order of their registration, children's included: added before any
  // module, this one runs after every module has stopped its background work, which may still be using the database.
  app.addHook('onClose', async () => {
    await deps.close();
    // A database handed in belongs to the caller (tests share one between instances).
    if (!options.database) await database.close();
  });
  if (env.PAYMENT_GATEWAY === 'sandbox' && env.NODE_ENV === 'production') {
    app.log.warn('PAYMENT_GATEWAY=sandbox in production: a demo deployment, no real money is taken; every page says so');
  }
  if (env.NODE_ENV === 'production' && env.TRUST_PROXY.kind === 'hops') {
    app.log.warn(
      `TRUST_PROXY trusts the nearest ${env.TRUST_PROXY.hops} peer(s) whatever their address: clients must reach this server only through the proxy, or list the proxies' addresses instead (docs/decisions/045)`,
    );
  }
  if (env.NODE_ENV === 'production' && (!env.SMTP_URL || !env.TERMII_API_KEY)) {
    app.log.warn('production without SMTP_URL and/or TERMII_API_KEY: some messages (codes) will not reach anyone');
  }

  let modules: RegisteredModules | undefined;
  await app.register(
    async (api) => {
      modules = await registerModules(api, deps);
    },
    { prefix: '/api' },
  );
  const isTestMode = env.PAYMENT_GATEWAY === 'sandbox';
  await registerPublicPages(app, modules!, { isTestMode });

  const web = await registerServeWeb(app, options.webDist ?? env.WEB_DIST, { isTestMode });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && web.sendShell && (request.method === 'GET' || request.method === 'HEAD')) {
      return web.sendShell(reply.header('cache-control', 'no-cache'));
    }
    const notFound = routeNotFound(request);
    return reply.status(404).send(errorBody(notFound.code, notFound.options.params));
  });

  await registerDevMailboxPage(app, deps);

  // Delivery starts once the app is ready (listen or ready()), and stops before the database closes.
  app.addHook('onReady', async () => {
    deps.outboxWorker.start();
    deps.devOutboxRetention.start();
  });

  return { app, database, deps, jobs: { reconcilePayments: (now, limit) => modules!.reconcilePayments(now, limit), returnUndecided: (now) => modules!.returnUndecided(now), webhooks: modules!.webhooks } };
}

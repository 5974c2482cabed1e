import { isIP } from 'node:net';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Loopback outside production (see resolveEnv), every interface in production. */
  HOST: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIST: z.string().min(1).default('dist/web'),
  DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  REDIS_URL: optionalUrl.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: 'must be a redis:// or rediss:// URL',
  }),
  /** Where people open the app (links in messages, the gateway's return address). Unset: http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /**
   * The proxies believed about the client's address: `false`, a number of hops (`true` is 1), or addresses and
   * CIDR ranges (`10.0.0.0/8,127.0.0.1`). See config/trust-proxy.ts and docs/decisions/045.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_048_576),
  /** Which card gateway takes payments; see resolveEnv for the default and the production rule. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'paystack']).optional(),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** `on` serves the dev outbox on any interface; `off` never serves it; unset: only while listening on loopback. */
  DEV_OUTBOX: z.enum(['on', 'off']).optional(),
  /**
   * Longest a statement of a write transaction may run before PostgreSQL cancels it; on the embedded database, the
   * one limit for every query and for the wait for its one connection (docs/decisions/017, 050).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** PostgreSQL: longest a statement outside a write transaction (a read) may run (docs/decisions/050). */
  DATABASE_READ_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  /** PostgreSQL: longest any statement waits for a row or table lock before it gives up with 503 DATABASE_BUSY. */
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  /** PostgreSQL: connections per instance; reads get those the write lanes below do not. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(4).max(1_000).default(20),
  /** PostgreSQL: longest a read waits for a free connection before it is answered 503 DATABASE_BUSY. */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(800),
  /** PostgreSQL: write transactions at once of the services that may move money (payments, wallet, deliveries, dispatch). */
  DATABASE_MONEY_WRITES_MAX: z.coerce.number().int().min(1).max(500).default(6),
  /** PostgreSQL: other write transactions at once (accounts, sign-in, addresses, partner applications). */
  DATABASE_OTHER_WRITES_MAX: z.coerce.number().int().min(1).max(500).default(4),
  /** PostgreSQL: longest a write transaction waits for a turn in its lane before it is answered 503 DATABASE_BUSY. */
  DATABASE_WRITE_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  SMTP_URL: optionalUrl,
  SMTP_FROM: z.string().default('Lanefreight <no-reply@lanefreight.ng>'),
  TERMII_API_KEY: optionalString,
  TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
  TERMII_SENDER_ID: z.string().default('Lanefreight'),
  /** Sign-in attempts per minute, counted per client IP and per identifier. */
  SIGNIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** One-time-code checks (verify-otp, verify-reset-otp) per minute per identifier. */
  CODE_CHECK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Requests that send a code (register, resend, forgot-password) per minute per client IP. */
  CODE_SEND_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Public tracking lookups (`/track/{id}` and its API) per minute per client IP, found or not: against enumeration. */
  PUBLIC_TRACKING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Place searches (`GET /api/places`, the booking form's autocomplete) per minute per client IP. */
  PLACES_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Merchant API requests (`/api/v1`) per minute per API key, shared by every instance through the rate-limit store. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /**
   * The key API keys are hashed with (HMAC-SHA256): a stolen table is useless without it. Every instance must have the
   * same one; changing it invalidates every key. Unset: a development key written in the code, which protects nothing.
   */
  API_KEY_PEPPER: optionalString,
  /** Consecutive wrong passwords that lock an account until a password reset; NIST 800-63B allows at most 100. */
  SIGNIN_MAX_CONSECUTIVE_FAILURES: z.coerce.number().int().min(1).max(100).default(100),
  /** Codes sent by SMS or WhatsApp per hour, all numbers together (against SMS pumping). */
  CODE_SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /** Codes sent by SMS or WhatsApp per hour to numbers sharing their first six digits (country and operator). */
  CODE_SMS_BUDGET_PER_PREFIX_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(100),
  /** Where uploaded files live: `local` disk (the only driver for now; S3 is future work, docs/decisions/024). */
  STORAGE_DRIVER: z.enum(['local']).default('local'),
  /** The local driver's directory; defaults to `DATA_DIR/uploads`. */
  UPLOADS_DIR: optionalString,
  /**
   * How withdrawals are paid out: `paystack` (Transfers API) or `manual` (an operator pays and marks them).
   * Unset: `paystack` when PAYSTACK_SECRET_KEY is set, otherwise `manual`.
   */
  PAYOUT_DRIVER: z.enum(['manual', 'paystack']).optional(),
  /** The live stream's heartbeat (`: ping`), so proxies do not close idle streams. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(10).max(600_000).default(25_000),
  /** Open live streams per user on one instance (tabs); more are refused with 429. */
  LIVE_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(10),
  /** The driver's share of a delivery's fare (base fare + distance fee), credited to their wallet on delivery (decision 034). */
  DRIVER_EARNINGS_PERCENT: z.coerce.number().int().min(0).max(100).default(70),
  /** The VAT rate receipts show as included in a sale's price (Nigeria: 7.5%); it never changes a total (decision 057). */
  VAT_PERCENT: z.coerce.number().min(0).max(100).default(7.5),
  /** Handover code attempts per minute per driver (on top of the 5 wrong codes a delivery allows). */
  HANDOVER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * How long a user's rendered My Deliveries pages and tracking answers are served from memory (decision 015); 0 turns
   * the cache off, so every read reaches the database (npm run bench:scale measures reads that way).
   */
  DELIVERY_READ_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /**
   * The key webhook signing secrets are encrypted with at rest (decision 054): 32 bytes, base64. Without it,
   * production refuses new webhook endpoints (503); elsewhere a development key written in the code is used, which
   * protects nothing.
   */
  WEBHOOK_SECRETS_KEY: optionalString.refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, {
    message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
  }),
  /**
   * The key the account numbers of withdrawals paid by hand are sealed with until paid or failed (decision 075): 32
   * bytes, base64. Without it, production refuses withdrawals to be paid by hand (503); elsewhere a development key
   * written in the code is used, which protects nothing.
   */
  PAYOUT_ACCOUNTS_KEY: optionalString.refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, {
    message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
  }),
  /**
   * `refuse`: webhooks go only to https URLs on public addresses (production's rule, decision 054); `allow` also lets
   * them reach this machine (loopback, http) for a local receiver. Unset: `refuse` in production, `allow` elsewhere.
   */
  WEBHOOK_LOCAL_TARGETS: z.enum(['allow', 'refuse']).optional(),
});

type ParsedEnv = z.infer<typeof envSchema>;

export type Env = Omit<ParsedEnv, 'HOST' | 'PAYMENT_GATEWAY' | 'PUBLIC_URL' | 'WEBHOOK_LOCAL_TARGETS'> & {
  HOST: string;
  WEBHOOK_LOCAL_TARGETS: 'allow' | 'refuse';
  PUBLIC_URL: string;
  PAYMENT_GATEWAY: 'sandbox' | 'paystack';
};

export class ConfigError extends Error {}

/** Connections of the pool that the write lanes can never take, so reads always have some (docs/decisions/050). */
export const READ_CONNECTIONS_MIN = 2;

/** How the server opens PostgreSQL from its configuration (see db/client.ts). */
export function databaseOptionsOf(env: Env) {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    readStatementTimeoutMs: env.DATABASE_READ_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
    poolMax: env.DATABASE_POOL_MAX,
    writeConnections: env.DATABASE_MONEY_WRITES_MAX + env.DATABASE_OTHER_WRITES_MAX,
    poolWaitMs: env.DATABASE_POOL_WAIT_MS,
    writeWaitMs: env.DATABASE_WRITE_WAIT_MS,
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]', '::ffff:127.0.0.1']);

/** Whether listening on this host keeps the server on this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A raw variable as the schema reads it: trimmed, empty meaning unset. */
function raw(source: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = source[name]?.trim();
  return value === '' ? undefined : value;
}

/**
 * Rules that span variables. They read the raw values, so they are reported together with every per-variable
 * problem instead of only once those are fixed.
 */
function crossVariableIssues(source: NodeJS.ProcessEnv): string[] {
  const issues: string[] = [];
  const isProduction = raw(source, 'NODE_ENV') === 'production';
  const gateway = raw(source, 'PAYMENT_GATEWAY');
  const hasPaystackKey = raw(source, 'PAYSTACK_SECRET_KEY') !== undefined;
  if (gateway === 'paystack' && !hasPaystackKey) {
    issues.push('PAYSTACK_SECRET_KEY: required when PAYMENT_GATEWAY=paystack');
  } else if (isProduction && gateway === undefined && !hasPaystackKey) {
    issues.push(
      'PAYSTACK_SECRET_KEY: required when NODE_ENV=production (set PAYMENT_GATEWAY=sandbox explicitly for a demo deployment that takes no real money)',
    );
  }
  if (raw(source, 'PAYOUT_DRIVER') === 'paystack' && !hasPaystackKey) {
    issues.push('PAYSTACK_SECRET_KEY: required when PAYOUT_DRIVER=paystack');
  }
  const connections = (name: string, fallback: number) => Number(raw(source, name) ?? fallback);
  const readConnections =
    connections('DATABASE_POOL_MAX', 20) -
    connections('DATABASE_MONEY_WRITES_MAX', 6) -
    connections('DATABASE_OTHER_WRITES_MAX', 4);
  if (readConnections < READ_CONNECTIONS_MIN) {
    issues.push(
      `DATABASE_POOL_MAX: must leave at least ${READ_CONNECTIONS_MIN} connections for reads beyond DATABASE_MONEY_WRITES_MAX + DATABASE_OTHER_WRITES_MAX`,
    );
  }
  if (isProduction && raw(source, 'WEBHOOK_LOCAL_TARGETS') === 'allow') {
    issues.push('WEBHOOK_LOCAL_TARGETS: cannot be allow when NODE_ENV=production (webhooks could reach inside the network)');
  }
  if (isProduction && raw(source, 'DEV_OUTBOX') === 'on') {
    issues.push('DEV_OUTBOX: cannot be on when NODE_ENV=production (it shows every sign-in and reset code)');
  }
  return issues;
}

/**
 * Where the app is reached when PUBLIC_URL is unset: on its PORT, at its HOST when that names one address or name
 * (the app listens nowhere else), else at localhost. So a receiver's tracking link points at the running app
 * (docs/decisions/048).
 */
function defaultPublicUrl(host: string, port: number): string {
  const everywhere = host === '0.0.0.0' || host === '::';
  const name = everywhere ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function resolveEnv(parsed: ParsedEnv): Env {
  const isProduction = parsed.NODE_ENV === 'production';
  const host = parsed.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  return {
    ...parsed,
    HOST: host,
    PUBLIC_URL: parsed.PUBLIC_URL ?? defaultPublicUrl(host, parsed.PORT),
    PAYMENT_GATEWAY: parsed.PAYMENT_GATEWAY ?? (parsed.PAYSTACK_SECRET_KEY ? 'paystack' : 'sandbox'),
    WEBHOOK_LOCAL_TARGETS: parsed.WEBHOOK_LOCAL_TARGETS ?? (isProduction ? 'refuse' : 'allow'),
  };
}

/** Parses configuration once; throws a ConfigError naming every bad variable, all in one message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  const lines = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  lines.push(...crossVariableIssues(source).map((issue) => `  ${issue}`));
  if (lines.length > 0 || !parsed.success) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  return resolveEnv(parsed.data);
}

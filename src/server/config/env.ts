import { z } from 'zod';

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
  HOST: z.string().min(1).default('0.0.0.0'),
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
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_048_576),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
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
  /** Where uploaded files live: `local` disk (the only driver for now; S3 is future work, docs/decisions/024). */
  STORAGE_DRIVER: z.enum(['local']).default('local'),
  /** The local driver's directory; defaults to `DATA_DIR/uploads`. */
  UPLOADS_DIR: optionalString,
  /**
   * How withdrawals are paid out: `paystack` (Transfers API) or `manual` (an operator pays and marks them).
   * Unset: `paystack` when PAYSTACK_SECRET_KEY is set, otherwise `manual`.
   */
  PAYOUT_DRIVER: z.enum(['manual', 'paystack']).optional(),
}).refine((env) => env.PAYOUT_DRIVER !== 'paystack' || env.PAYSTACK_SECRET_KEY !== undefined, {
  message: 'PAYOUT_DRIVER=paystack needs PAYSTACK_SECRET_KEY',
  path: ['PAYOUT_DRIVER'],
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses configuration once; throws a ConfigError naming every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

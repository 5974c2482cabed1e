import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilent, Logger } from 'pino';

/**
 * Each request's logger (the one carrying its request id), made when the request first writes a line instead of
 * for every request (docs/decisions/015). At `info` Fastify writes two lines for every request, so each still
 * gets one; at `warn`, as a busy deployment runs, most requests write none and the child pino would build
 * eagerly (about 5 % of a cached read's throughput) is never made.
 */
class RequestLogger {
  #child: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  private get logger(): Logger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  private write(level: Level, args: unknown[]) {
    if (!(this.#child ?? this.parent).isLevelEnabled(level)) return;
    const logger = this.logger;
    (logger[level] as (...logArgs: unknown[]) => void).apply(logger, args);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  isLevelEnabled(level: string) {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }
  get level(): LevelWithSilent | string {
    return (this.#child ?? this.parent).level;
  }
  set level(level: LevelWithSilent | string) {
    this.logger.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`, for a pino logger (not for `logger: false`). A route's own log level or
 * serializers still get pino's child at once.
 */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  Object.keys(options).length > 0
    ? logger.child(bindings, options)
    : (new RequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger);

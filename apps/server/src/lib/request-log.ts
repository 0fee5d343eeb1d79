/**
 * One log line per request, written when it completes: method, path, status and milliseconds. Fastify's
 * default writes two (incoming, completed) with whole request and reply objects. The query string is left
 * out: it may carry an address or a token.
 */
import { type FastifyBaseLogger, LogController } from "fastify";
import type { Bindings, LogFn } from "pino";

/** Levels at which an "info" line is not written. */
const ABOVE_INFO = new Set(["warn", "error", "fatal", "silent"]);

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    ...[error, request, reply]: Parameters<LogController["requestCompleted"]>
  ) {
    // Most servers log at "info"; below it (warn, in the benches), a request that went well costs nothing.
    if (!error && ABOVE_INFO.has(reply.log.level)) return;
    const line = {
      method: request.method,
      path: request.url.split("?", 1)[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request");
  }
}

type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];

/**
 * A request's logger, made (a child of the server's, bound to the request's id) only when something is
 * logged: most requests log nothing below "info", and a child per request was 3 % of a read's time.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#options?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#made().level = level;
  }
  fatal: LogFn = (...args: Parameters<LogFn>) => this.#made().fatal(...args);
  error: LogFn = (...args: Parameters<LogFn>) => this.#made().error(...args);
  warn: LogFn = (...args: Parameters<LogFn>) => this.#made().warn(...args);
  info: LogFn = (...args: Parameters<LogFn>) => this.#made().info(...args);
  debug: LogFn = (...args: Parameters<LogFn>) => this.#made().debug(...args);
  trace: LogFn = (...args: Parameters<LogFn>) => this.#made().trace(...args);
  silent: LogFn = () => undefined;

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is made when it first logs. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}

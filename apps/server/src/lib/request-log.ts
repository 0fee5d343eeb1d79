/**
 * One log line per request, written when it completes: method, path, status and milliseconds. Fastify's
 * default writes two (incoming, completed) with whole request and reply objects. The query string is left
 * out: it may carry an address or a token.
 */
import { LogController } from "fastify";

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

/**
 * A pino logger whose lines a test can read: every line the app logs, parsed, in order.
 */
import { Writable } from "node:stream";
import { pino } from "pino";

export function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
          lines.push(JSON.parse(line));
        }
        callback();
      },
    }),
  );
  return { logger, lines };
}

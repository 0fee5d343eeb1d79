/**
 * Runs the local Kite double: `npm run kite-double -- [flags]`. Flags win over the environment:
 *
 *   --port          KITE_DOUBLE_PORT          4455 (0: any free port)
 *   --host          KITE_DOUBLE_HOST          127.0.0.1
 *   --api-key       KITE_DOUBLE_API_KEY       kalpa_dev
 *   --api-secret    KITE_DOUBLE_API_SECRET    kalpa_dev_secret
 *   --redirect-url  KITE_DOUBLE_REDIRECT_URL  http://127.0.0.1:3000/api/admin/broker/kite/callback
 *   --user-id       KITE_DOUBLE_USER_ID       DOUBLE1
 *   --seed          KITE_DOUBLE_SEED          kalpa
 *   --clock-start   KITE_DOUBLE_CLOCK_START   auto, an instant (2026-11-25T10:00:00+05:30), India time
 *                                             (2026-11-25 10:00) or epoch ms
 *   --clock-speed   KITE_DOUBLE_CLOCK_SPEED   1
 *   --tick-ms       KITE_DOUBLE_TICK_MS       1000
 *
 * It prints the values to give the site, and stops on Ctrl-C or SIGTERM.
 */
import { parseArgs } from "node:util";
import { parseIndiaTime } from "@kalpa/market/time/india-time";
import { createKiteDouble, type KiteDoubleOptions } from "./double";

const FLAGS = {
  port: "KITE_DOUBLE_PORT",
  host: "KITE_DOUBLE_HOST",
  "api-key": "KITE_DOUBLE_API_KEY",
  "api-secret": "KITE_DOUBLE_API_SECRET",
  "redirect-url": "KITE_DOUBLE_REDIRECT_URL",
  "user-id": "KITE_DOUBLE_USER_ID",
  seed: "KITE_DOUBLE_SEED",
  "clock-start": "KITE_DOUBLE_CLOCK_START",
  "clock-speed": "KITE_DOUBLE_CLOCK_SPEED",
  "tick-ms": "KITE_DOUBLE_TICK_MS",
} as const;

type Flag = keyof typeof FLAGS;

const USAGE = `Usage: npm run kite-double -- [--port 4455] [--host 127.0.0.1] [--api-key kalpa_dev]
  [--api-secret kalpa_dev_secret] [--redirect-url URL] [--user-id DOUBLE1] [--seed kalpa]
  [--clock-start auto|INSTANT] [--clock-speed 1] [--tick-ms 1000]
Each flag can also be set as ${Object.values(FLAGS).join(", ")}.`;

function fail(message: string): never {
  console.error(`kite-double: ${message}\n${USAGE}`);
  process.exit(2);
}

function readClockStart(text: string): "auto" | number {
  if (text === "auto") return "auto";
  if (/^\d+$/.test(text)) return Number(text);
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) {
    const at = Date.parse(text);
    if (Number.isFinite(at)) return at;
  }
  try {
    return parseIndiaTime(text);
  } catch {
    return fail(`--clock-start: expected auto, an instant or India time, got "${text}"`);
  }
}

function readNumber(flag: Flag, text: string, check: (value: number) => boolean): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || !check(value)) {
    fail(`--${flag}: "${text}" is not allowed`);
  }
  return value;
}

function options(): KiteDoubleOptions {
  let parsed: Partial<Record<Flag | "help", string | boolean>>;
  try {
    parsed = parseArgs({
      options: {
        ...Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: "string" }])),
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }).values as Partial<Record<Flag | "help", string | boolean>>;
  } catch (error) {
    return fail((error as Error).message);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const value = (flag: Flag): string | undefined => {
    const given = parsed[flag];
    if (typeof given === "string") return given;
    const env = process.env[FLAGS[flag]];
    return env === undefined || env === "" ? undefined : env;
  };
  const port = value("port");
  const start = value("clock-start");
  const speed = value("clock-speed");
  const tickMs = value("tick-ms");
  return {
    port:
      port === undefined
        ? undefined
        : readNumber("port", port, (n) => Number.isInteger(n) && n >= 0 && n < 65536),
    host: value("host"),
    apiKey: value("api-key"),
    apiSecret: value("api-secret"),
    redirectUrl: value("redirect-url"),
    userId: value("user-id"),
    seed: value("seed"),
    clock: {
      start: start === undefined ? "auto" : readClockStart(start),
      speed: speed === undefined ? 1 : readNumber("clock-speed", speed, (n) => n > 0),
    },
    tickMs:
      tickMs === undefined
        ? undefined
        : readNumber("tick-ms", tickMs, (n) => Number.isInteger(n) && n >= 50),
  };
}

const double = await createKiteDouble(options()).catch((error: unknown) =>
  fail((error as Error).message),
);

console.log(`Kite Connect double on ${double.root} (seed "${double.seed}", ticks every ${double.tickMs} ms)
Its market clock started at ${new Date(double.clock.start).toISOString()}${double.clock.live ? " (the real time: NSE is open)" : ""}.
Give the site:

  MARKET_FEED=kite
  KITE_ROOT=${double.root}
  KITE_WS_ROOT=${double.wsRoot}
  KITE_LOGIN_URL=${double.loginUrl}
  KITE_API_KEY=${double.apiKey}
  KITE_API_SECRET=${double.apiSecret}
  SIM_SEED=${double.seed}
  SIM_CLOCK_START=${new Date(double.clock.start).toISOString()}${double.clock.live ? "   (or auto: both run on the real time)" : ""}
  SIM_CLOCK_SPEED=${double.clock.speed}

A site started later than the double runs behind it by that delay times the speed: the ticks carry
the double's time (GET ${double.root}/__double/state shows it).
Logins go back to ${double.redirectUrl}
Test controls: ${double.root}/__double/state (see README.md, "The local Kite double"). Ctrl-C stops it.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    double.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./env";
import { ConfigError } from "./schema";

/** An operator's real contact details: production refuses the examples. */
const REAL_OPERATOR = {
  OPERATOR_NAME: "Asha Rao",
  OPERATOR_EMAIL: "asha@kalpa.in",
  OPERATOR_PHONE: "+91 98765 43210",
  OPERATOR_WHATSAPP: "919876543210",
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://127.0.0.1:3000");
    expect(config.publicOrigin).toBe("http://127.0.0.1:3000");
    expect(config.seedDemo).toBe(true);
    expect(config.secureCookies).toBe(false);
    expect(config.brandName).toBe("Kalpa");
    expect(config.mailFrom).toBe("Kalpa <no-reply@127.0.0.1>");
  });

  it("bounds the embedded database's memory unless PGLITE_SETTINGS says otherwise", () => {
    expect(loadConfig({}).pgliteSettings).toContain("shared_buffers=16MB");
    expect(
      loadConfig({ PGLITE_SETTINGS: "shared_buffers=64MB, work_mem=4MB" }).pgliteSettings,
    ).toEqual(["shared_buffers=64MB", "work_mem=4MB"]);
    expect(loadConfig({ PGLITE_SETTINGS: "default" }).pgliteSettings).toEqual([]);
    expect(problemsOf({ PGLITE_SETTINGS: "shared_buffers 64MB" })[0]).toContain("PGLITE_SETTINGS:");
    expect(problemsOf({ PGLITE_SETTINGS: "a=1;drop" })[0]).toContain("PGLITE_SETTINGS:");
  });

  it("treats empty strings as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "", SEED_DEMO: "" });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it("derives the public URL from HOST and PORT, and trims a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    const https = loadConfig({ PUBLIC_URL: "https://kalpa.example/" });
    expect(https.publicUrl).toBe("https://kalpa.example");
    expect(https.secureCookies).toBe(true);
  });

  it("turns demo data off in production unless asked for", () => {
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example:587",
      PUBLIC_URL: "https://kalpa.example",
      SECRETS_KEY: Buffer.alloc(32, 7).toString("base64"),
      ...REAL_OPERATOR,
    };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("keeps one session per user unless SINGLE_SESSION=false", () => {
    expect(loadConfig({}).singleSession).toBe(true);
    expect(loadConfig({ SINGLE_SESSION: "false" }).singleSession).toBe(false);
    expect(loadConfig({ SINGLE_SESSION: "0" }).singleSession).toBe(false);
    expect(loadConfig({ SINGLE_SESSION: "yes" }).singleSession).toBe(true);
    expect(problemsOf({ SINGLE_SESSION: "sometimes" })[0]).toContain("SINGLE_SESSION:");
  });

  it("lists every bad variable at once, readably", () => {
    const problems = problemsOf({
      PORT: "eighty",
      DATABASE_URL: "mysql://root@db/kalpa",
      SEED_DEMO: "maybe",
      OPERATOR_WHATSAPP: "+91 98765",
    });
    expect(problems).toHaveLength(4);
    expect(problems).toContain('PORT: Expected a port number from 0 to 65535 (got "eighty")');
    expect(problems.find((p) => p.startsWith("DATABASE_URL:"))).toContain("postgres://");
    expect(problems.find((p) => p.startsWith("SEED_DEMO:"))).toContain("Expected true or false");
    expect(problems.find((p) => p.startsWith("OPERATOR_WHATSAPP:"))).toContain("digits only");
  });

  it("keys Redis under kalpa: unless REDIS_KEY_PREFIX says otherwise, and refuses a prefix with spaces", () => {
    expect(loadConfig({ NODE_ENV: "test" }).redisKeyPrefix).toBe("kalpa:");
    expect(loadConfig({ NODE_ENV: "test", REDIS_KEY_PREFIX: "staging:" }).redisKeyPrefix).toBe(
      "staging:",
    );
    expect(problemsOf({ REDIS_KEY_PREFIX: "two words" })).toContain(
      'REDIS_KEY_PREFIX: Expected 1 to 64 letters, digits or _ . : - (got "two words")',
    );
  });

  it("never repeats a password from a bad URL", () => {
    const problems = problemsOf({ REDIS_URL: "http://user:hunter2@cache:6379" });
    expect(problems.join("\n")).not.toContain("hunter2");
  });

  it("refuses plain-text roots that carry a token in production, and keeps the doubles reachable otherwise", () => {
    const production = {
      NODE_ENV: "production",
      ...REAL_OPERATOR,
      SMTP_URL: "smtp://mail.example:587",
      PUBLIC_URL: "https://kalpa.example",
    };
    const plain = {
      KITE_ROOT: "http://kite.example",
      KITE_WS_ROOT: "ws://kite.example/",
      KITE_LOGIN_URL: "http://kite.example/connect/login",
      TELEGRAM_API_ROOT: "HTTP://telegram.example",
      LEDGER_TSA_URL: "http://tsa.example/tsr",
    };
    expect(problemsOf({ ...production, ...plain })).toEqual([
      "KITE_ROOT: must be https:// when NODE_ENV=production (it carries a token, which a plain-text root sends in clear)",
      "KITE_WS_ROOT: must be wss:// when NODE_ENV=production (it carries a token, which a plain-text root sends in clear)",
      "KITE_LOGIN_URL: must be https:// when NODE_ENV=production (it carries a token, which a plain-text root sends in clear)",
      "TELEGRAM_API_ROOT: must be https:// when NODE_ENV=production (it carries a token, which a plain-text root sends in clear)",
      "LEDGER_TSA_URL: must be https:// when NODE_ENV=production (the ledger's time-stamps would travel in clear, open to being swapped)",
    ]);
    expect(
      loadConfig({
        ...production,
        KITE_ROOT: "https://kite.example",
        KITE_WS_ROOT: "wss://kite.example/",
        TELEGRAM_API_ROOT: "https://telegram.example",
        LEDGER_TSA_URL: "https://tsa.example/tsr",
      }).ledgerTsaUrl,
    ).toBe("https://tsa.example/tsr");
    // Development and tests reach the local doubles over plain http.
    expect(loadConfig(plain).env).toBe("development");
  });

  it("requires SMTP_URL and PUBLIC_URL in production, and SECRETS_KEY with a broker", () => {
    expect(problemsOf({ NODE_ENV: "production", ...REAL_OPERATOR })).toEqual([
      "SMTP_URL: required when NODE_ENV=production (mail must reach real inboxes)",
      "PUBLIC_URL: required when NODE_ENV=production (the address users type, for links and the Origin check)",
    ]);
    expect(
      problemsOf({
        NODE_ENV: "production",
        ...REAL_OPERATOR,
        SMTP_URL: "smtp://mail.example:587",
        PUBLIC_URL: "https://kalpa.example",
        MARKET_FEED: "kite",
        KITE_API_KEY: "abc",
        KITE_API_SECRET: "def",
      }),
    ).toEqual([
      "SECRETS_KEY: required when NODE_ENV=production with a broker (32 random bytes in base64: openssl rand -base64 32); it encrypts the broker's access token at rest",
    ]);
  });

  it("refuses production while any operator contact is the example, naming each and what to set", () => {
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example:587",
      PUBLIC_URL: "https://kalpa.example",
    };
    expect(problemsOf(production)).toEqual([
      'OPERATOR_NAME: required when NODE_ENV=production, and not the example "Kalpa Founder" (not set): set it to the operator\'s name, as the contact card, footer and policies show it',
      'OPERATOR_EMAIL: required when NODE_ENV=production, and not the example "founder@kalpa.example" (not set): set it to the e-mail address the operator reads (contact card, policies, calendar reminders)',
      'OPERATOR_PHONE: required when NODE_ENV=production, and not the example "+91 90000 00000" (not set): set it to the phone number the operator answers, e.g. +91 98765 43210',
      'OPERATOR_WHATSAPP: required when NODE_ENV=production, and not the example "919000000000" (not set): set it to the messaging-app number contribution messages go to, digits only with the country code, e.g. 919876543210',
    ]);
    // The example written out again (in another spelling) is still the example; the others are real.
    const problems = problemsOf({
      ...production,
      ...REAL_OPERATOR,
      OPERATOR_PHONE: "+919000000000",
      OPERATOR_EMAIL: "Founder@Kalpa.example",
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^OPERATOR_EMAIL: .*\(got "Founder@Kalpa\.example"\)/);
    expect(problems[1]).toMatch(/^OPERATOR_PHONE: .*\(got "\+919000000000"\)/);
    const config = loadConfig({ ...production, ...REAL_OPERATOR });
    expect(config.operator).toEqual({
      name: "Asha Rao",
      email: "asha@kalpa.in",
      phone: "+91 98765 43210",
      whatsapp: "919876543210",
    });
    // Development and tests keep the examples.
    expect(loadConfig({}).operator.whatsapp).toBe("919000000000");
  });

  it("reads Kite Connect's settings with Zerodha's addresses by default, and never echoes a secret", () => {
    const kite = loadConfig({
      MARKET_FEED: "kite",
      KITE_API_KEY: "abc123",
      KITE_API_SECRET: "s3cr3t",
    }).market.kite;
    expect(kite).toEqual({
      apiKey: "abc123",
      apiSecret: "s3cr3t",
      root: "https://api.kite.trade",
      wsRoot: "wss://ws.kite.trade/",
      loginUrl: "https://kite.zerodha.com/connect/login",
    });
    expect(
      loadConfig({
        MARKET_FEED: "kite",
        KITE_API_KEY: "abc123",
        KITE_API_SECRET: "s3cr3t",
        KITE_ROOT: "http://127.0.0.1:4455/",
        KITE_WS_ROOT: "ws://127.0.0.1:4455/",
        KITE_LOGIN_URL: "http://127.0.0.1:4455/connect/login",
      }).market.kite,
    ).toMatchObject({ root: "http://127.0.0.1:4455", wsRoot: "ws://127.0.0.1:4455/" });
    expect(problemsOf({ MARKET_FEED: "kite" })).toEqual([
      "KITE_API_KEY: required when MARKET_FEED=kite",
      "KITE_API_SECRET: required when MARKET_FEED=kite",
    ]);
    const problems = problemsOf({
      KITE_API_SECRET: "not a secret!",
      SECRETS_KEY: "short-and-secret",
      KITE_WS_ROOT: "https://ws.kite.trade",
    });
    expect(problems.join("\n")).not.toContain("not a secret!");
    expect(problems.join("\n")).not.toContain("short-and-secret");
    expect(problems).toHaveLength(3);
    expect(loadConfig({}).market.kite).toBeUndefined();
    // On PostgreSQL every process (and the command line) must share the key.
    expect(
      problemsOf({
        MARKET_FEED: "kite",
        KITE_API_KEY: "abc",
        KITE_API_SECRET: "def",
        DATABASE_URL: "postgres://db/kalpa",
      })[0],
    ).toContain("SECRETS_KEY: required with a broker on DATABASE_URL");
  });

  it("takes the ledger's signing key as PKCS#8, and refuses another kind of key without echoing it", () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    expect(loadConfig({ LEDGER_SIGNING_KEY: pem }).ledgerSigningKey).toBe(pem.trim());
    expect(loadConfig({}).ledgerSigningKey).toBeUndefined();
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey;
    const der = rsa.export({ format: "der", type: "pkcs8" }).toString("base64");
    const problems = problemsOf({ LEDGER_SIGNING_KEY: der });
    expect(problems).toEqual([
      "LEDGER_SIGNING_KEY: Expected an Ed25519 private key, PKCS#8 PEM or base64 DER (openssl genpkey -algorithm ed25519)",
    ]);
    expect(problemsOf({ LEDGER_SIGNING_KEY: "not-a-key" })[0]).not.toContain("not-a-key");
  });

  it("reads which proxies to trust", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "loopback",
    ]);
    expect(problemsOf({ TRUST_PROXY: "the usual" })[0]).toContain("TRUST_PROXY:");
  });

  it("reads the market's settings, with a live simulated market by default", () => {
    expect(loadConfig({}).market).toEqual({
      engine: true,
      feed: "sim",
      seed: "kalpa",
      replayFile: undefined,
      replayData: undefined,
      replayWindow: { from: undefined, to: undefined },
      clockStart: "auto",
      clockSpeed: 1,
      clockEpoch: undefined,
      nseClose: undefined,
      squareOff: { NSE: "15:15", MCX: "close-25" },
      slippageTicks: 1,
      stopLimitPercent: 3,
      publicPriceDelayMinutes: 15,
    });
    expect(loadConfig({ PUBLIC_PRICE_DELAY_MINUTES: "0" }).market.publicPriceDelayMinutes).toBe(0);
    expect(loadConfig({ PUBLIC_PRICE_DELAY_MINUTES: "20" }).market.publicPriceDelayMinutes).toBe(
      20,
    );
    for (const bad of ["-1", "1441", "15 minutes", "0.125"]) {
      expect(problemsOf({ PUBLIC_PRICE_DELAY_MINUTES: bad })[0]).toContain(
        "PUBLIC_PRICE_DELAY_MINUTES:",
      );
    }
    expect(loadConfig({ PAPER_SLIPPAGE_TICKS: "0" }).market.slippageTicks).toBe(0);
    expect(loadConfig({ PAPER_STOP_LIMIT_PERCENT: "2.5" }).market.stopLimitPercent).toBe(2.5);
    expect(loadConfig({ PAPER_STOP_LIMIT_PERCENT: "0" }).market.stopLimitPercent).toBe(0);
    for (const bad of ["21", "-1", "3%", "1.255", "abc"]) {
      expect(problemsOf({ PAPER_STOP_LIMIT_PERCENT: bad })[0]).toContain(
        "PAPER_STOP_LIMIT_PERCENT:",
      );
    }
    expect(problemsOf({ PAPER_SLIPPAGE_TICKS: "1.5" })[0]).toContain("PAPER_SLIPPAGE_TICKS:");
    expect(loadConfig({ SQUARE_OFF_NSE: "15:00" }).market.squareOff.NSE).toBe("15:00");
    expect(loadConfig({ SQUARE_OFF_MCX: "close-30" }).market.squareOff.MCX).toBe("close-30");
    expect(problemsOf({ SQUARE_OFF_NSE: "close-0" })[0]).toContain("SQUARE_OFF_NSE:");
    expect(problemsOf({ SQUARE_OFF_MCX: "25:00" })[0]).toContain("SQUARE_OFF_MCX:");
    const india = Date.parse("2026-11-20T09:15:00+05:30");
    expect(loadConfig({ SIM_CLOCK_START: "2026-11-20 09:15" }).market.clockStart).toBe(india);
    expect(loadConfig({ SIM_CLOCK_START: "2026-11-20T09:15:00+05:30" }).market.clockStart).toBe(
      india,
    );
    expect(loadConfig({ SIM_CLOCK_START: "2026-11-20T03:45:00Z" }).market.clockStart).toBe(india);
    expect(loadConfig({ SIM_CLOCK_EPOCH: "2026-11-26T14:00:00Z" }).market.clockEpoch).toBe(
      Date.parse("2026-11-26T14:00:00Z"),
    );
    expect(loadConfig({ SIM_CLOCK_SPEED: "60", MARKET_ENGINE: "false" }).market).toMatchObject({
      clockSpeed: 60,
      engine: false,
    });
  });

  it("refuses bad market settings with what it expected", () => {
    expect(problemsOf({ SIM_CLOCK_START: "yesterday" })[0]).toContain("SIM_CLOCK_START:");
    expect(problemsOf({ SIM_CLOCK_START: "2026-13-40 09:15" })[0]).toContain("SIM_CLOCK_START:");
    expect(problemsOf({ SIM_CLOCK_SPEED: "0" })[0]).toContain("SIM_CLOCK_SPEED:");
    // An instant needs its offset: a bare wall-clock time would depend on the server's time zone.
    expect(problemsOf({ SIM_CLOCK_EPOCH: "2026-11-26 14:00" })[0]).toContain("SIM_CLOCK_EPOCH:");
    expect(problemsOf({ SIM_CLOCK_EPOCH: "2026-11-99T14:00:00Z" })[0]).toContain(
      "SIM_CLOCK_EPOCH:",
    );
    expect(problemsOf({ NSE_CLOSE: "25:00" })[0]).toContain("NSE_CLOSE:");
    // Set, it is the operator's override of today's hours (session-hours.ts keeps history's).
    expect(loadConfig({ NSE_CLOSE: "15:45" }).market.nseClose).toBe("15:45");
    expect(problemsOf({ MARKET_FEED: "ib" })[0]).toContain("MARKET_FEED:");
    expect(problemsOf({ MARKET_FEED: "replay" })[0]).toContain(
      "REPLAY_DATA or REPLAY_FILE: one is required when MARKET_FEED=replay",
    );
  });

  describe("a replay of recorded prices (REPLAY_DATA)", () => {
    const replay = (env: Record<string, string>) => ({ MARKET_FEED: "replay", ...env });
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), "kalpa-replay-env-"));
      mkdirSync(path.join(dir, "index-1min"));
      writeFileSync(path.join(dir, "index-1min", "NIFTY_2024.csv"), "time,open,high,low,close\n");
      mkdirSync(path.join(dir, "empty"));
      mkdirSync(path.join(dir, "other", "index-1min"), { recursive: true });
      writeFileSync(path.join(dir, "other", "index-1min", "SENSEX_2024.csv"), "time\n");
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("takes a folder holding a recorded series, and the window of days to walk", () => {
      const { market } = loadConfig(
        replay({ REPLAY_DATA: dir, REPLAY_FROM: "2024-06-03", REPLAY_TO: "2024-06-05" }),
      );
      expect(market).toMatchObject({
        feed: "replay",
        replayData: dir,
        replayFile: undefined,
        replayWindow: { from: "2024-06-03", to: "2024-06-05" },
      });
    });

    it("says which folder is missing, not a folder, or holds none of the recorded series", () => {
      const missing = path.join(dir, "nowhere");
      expect(problemsOf(replay({ REPLAY_DATA: missing }))).toEqual([
        `REPLAY_DATA: ${missing} does not exist`,
      ]);
      const file = path.join(dir, "index-1min", "NIFTY_2024.csv");
      expect(problemsOf(replay({ REPLAY_DATA: file }))).toEqual([
        `REPLAY_DATA: ${file} is not a folder`,
      ]);
      for (const empty of [path.join(dir, "empty"), path.join(dir, "other")]) {
        const [problem] = problemsOf(replay({ REPLAY_DATA: empty }));
        expect(problem).toContain(`REPLAY_DATA: ${empty} holds none of the recorded series`);
        expect(problem).toContain("index-1min/NIFTY_*.csv");
      }
    });

    it("refuses both sources at once, a bad day, a window backwards or without REPLAY_DATA", () => {
      expect(problemsOf(replay({ REPLAY_DATA: dir, REPLAY_FILE: "bars.csv" }))).toEqual([
        "REPLAY_DATA and REPLAY_FILE: give one of them, not both",
      ]);
      expect(problemsOf(replay({ REPLAY_DATA: dir, REPLAY_FROM: "2024-02-30" }))[0]).toBe(
        'REPLAY_FROM: Expected a day as YYYY-MM-DD, e.g. 2024-06-04 (got "2024-02-30")',
      );
      expect(
        problemsOf(
          replay({ REPLAY_DATA: dir, REPLAY_FROM: "2024-06-05", REPLAY_TO: "2024-06-03" }),
        ),
      ).toEqual([
        "REPLAY_FROM and REPLAY_TO: the window ends before it begins (2024-06-05 to 2024-06-03)",
      ]);
      expect(problemsOf(replay({ REPLAY_FILE: "bars.csv", REPLAY_TO: "2024-06-03" }))[0]).toContain(
        "REPLAY_TO: only with MARKET_FEED=replay and REPLAY_DATA",
      );
    });
  });

  it("formats the error as a readable list", () => {
    const error = new ConfigError(["PORT: bad", "HOST: bad"]);
    expect(error.message).toBe("Invalid configuration:\n  - PORT: bad\n  - HOST: bad");
  });
});

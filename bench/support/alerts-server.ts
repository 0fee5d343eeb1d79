/**
 * The alerts bench's Kalpa server (a child process of the bench): the real app from buildApp, as the signal
 * latency bench's server, listening on its port with its market engine off and no demo accounts, on the
 * embedded database in a throwaway DATA_DIR or, with DATABASE_URL, on a throwaway database of that server
 * (created here, dropped at "stop"). PUSH_SERVICE_HOSTS and the TELEGRAM_ settings come from
 * the bench and point at its doubles.
 *
 * Subscribers are written straight into the tables in bulk (10,000 sign-ups through the API would spend
 * minutes in argon2id): per user an account, a session (a push subscription lasts while its session does),
 * open access to one instrument, the risk disclosure accepted, one browser's push subscription, a linked
 * Telegram chat and preferences choosing new signals of that instrument on push and Telegram.
 *
 * A signal is then committed as the engine commits it: `signals.record` of the app (the repository the
 * engine is given), whose transaction writes the alert event with the transition and wakes this process's
 * delivery loop, as in production. The commit's time is read when `record` returns.
 *
 * Commands (IPC, advanced serialization): `seed`, `commit`, `deliveries` (the queue's rows by channel and
 * status), `stop`.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AlertPreferences } from "@kalpa/contracts/api/alerts";
import type { AccessKey, ModelId } from "@kalpa/contracts/names";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config/env";
import { databaseTargetFor, openDatabase } from "../../apps/server/src/db/client";
import {
  alertDeliveries,
  alertPreferences,
  pushSubscriptions,
  rdaAcceptances,
  sessions,
  subscriptions,
  telegramLinks,
  users,
} from "../../apps/server/src/db/schema";
import {
  alertEventOf,
  alertText,
  pushBody,
  signalAlertContent,
} from "../../apps/server/src/modules/alerts/content";
import { tradeRecords } from "../../apps/server/test/journal/fixtures";
import { now } from "./fanout-protocol";

export interface SeedGroup {
  instrument: AccessKey;
  /** One per subscriber: their browser's push subscription and their Telegram chat. */
  pushes: { endpoint: string; p256dh: string; auth: string }[];
  chats: number[];
}

export type AlertsServerCommand =
  | { type: "seed"; groups: SeedGroup[] }
  | { type: "commit"; model: ModelId }
  | { type: "deliveries" }
  | { type: "stop" };

export type AlertsServerMessage =
  | { type: "ready"; pid: number; onPostgres: boolean }
  | { type: "seeded"; users: number; ms: number }
  | {
      type: "committed";
      /** When `record` was called and when it returned (the commit), monotonic ms. */
      calledAt: number;
      committedAt: number;
      /** What every message should carry: the push payload (JSON) and the Telegram text. */
      pushText: string;
      telegramText: string;
    }
  | { type: "deliveries"; rows: { channel: string; status: string; n: number }[] }
  | { type: "done" };

const port = Number(process.argv[2]);
const dataDir = await mkdtemp(path.join(tmpdir(), "kalpa-alerts-bench-"));

/** On PostgreSQL, a database of its own for the run (10,000 made-up users do not stay behind). */
const serverUrl = process.env.DATABASE_URL;
async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const dbName = `kalpa_bench_alerts_${randomBytes(4).toString("hex")}`;
let databaseUrl: string | undefined;
if (serverUrl) {
  await adminQuery(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}

const config = loadConfig({
  HOST: "127.0.0.1",
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  MARKET_ENGINE: "false",
  SEED_DEMO: "false",
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL,
  PUSH_SERVICE_HOSTS: process.env.PUSH_SERVICE_HOSTS,
  TELEGRAM_BOT_TOKEN: process.env.TELEGRAM_BOT_TOKEN,
  TELEGRAM_API_ROOT: process.env.TELEGRAM_API_ROOT,
  TELEGRAM_MESSAGES_PER_SECOND: process.env.TELEGRAM_MESSAGES_PER_SECOND,
  VAPID_SUBJECT: "mailto:operator@kalpa.example",
});
const database = await openDatabase(databaseTargetFor(config));
const { app, signals } = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });
const db = database.db;

/** Rows a thousand at a time (one statement each). */
function chunks<T>(rows: T[]): T[][] {
  return Array.from({ length: Math.ceil(rows.length / 1000) }, (_, i) =>
    rows.slice(i * 1000, (i + 1) * 1000),
  );
}

let seededUsers = 0;
async function seed(groups: SeedGroup[]) {
  const started = now();
  const at = new Date();
  const never = new Date(at.getTime() + 30 * 86_400_000);
  const none = { Nifty: [], BankNifty: [], CrudeOil: [] };
  for (const group of groups) {
    const count = group.pushes.length;
    const first = seededUsers;
    seededUsers += count;
    const userIds: number[] = [];
    const accounts = Array.from({ length: count }, (_, i) => ({
      username: `bench${first + i}`,
      email: `bench${first + i}@bench.kalpa.example`,
      name: `Bench ${first + i}`,
      mobile: "9000000000",
      // They never sign in: any PHC-shaped string.
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$bm90LWEtcmVhbC1oYXNo",
      verifiedAt: at,
    }));
    for (const chunk of chunks(accounts)) {
      const rows = await db.insert(users).values(chunk).returning({ id: users.id });
      userIds.push(...rows.map((row) => row.id));
    }
    const sessionOf = new Map<number, number>();
    const sessionRows = userIds.map((userId) => ({
      userId,
      tokenHash: randomBytes(32).toString("hex"),
      expiresAt: never,
    }));
    for (const chunk of chunks(sessionRows)) {
      const rows = await db
        .insert(sessions)
        .values(chunk)
        .returning({ id: sessions.id, userId: sessions.userId });
      for (const row of rows) sessionOf.set(row.userId, row.id);
    }
    const preferences: AlertPreferences = {
      channels: {
        push: { ...none, [group.instrument]: ["new-signal"] },
        telegram: { ...none, [group.instrument]: ["new-signal"] },
        email: none,
      },
      quietHours: null,
    };
    const each = <T>(row: (userId: number, i: number) => T) => userIds.map(row);
    for (const chunk of chunks(
      each((userId) => ({ userId, instrument: group.instrument, startedAt: at, expiresAt: never })),
    )) {
      await db.insert(subscriptions).values(chunk);
    }
    for (const chunk of chunks(each((userId) => ({ userId, version: 1, acceptedAt: at })))) {
      await db.insert(rdaAcceptances).values(chunk);
    }
    const pushRows = each((userId, i) => ({
      userId,
      sessionId: sessionOf.get(userId) as number,
      ...(group.pushes[i] as SeedGroup["pushes"][number]),
      userAgent: "bench",
    }));
    for (const chunk of chunks(pushRows)) await db.insert(pushSubscriptions).values(chunk);
    const links = each((userId, i) => ({ userId, chatId: group.chats[i] as number, linkedAt: at }));
    for (const chunk of chunks(links)) await db.insert(telegramLinks).values(chunk);
    for (const chunk of chunks(each((userId) => ({ userId, preferences })))) {
      await db.insert(alertPreferences).values(chunk);
    }
  }
  // Fresh statistics for the planner, as autovacuum would have by the time of a real signal.
  await db.execute(sql`analyze`);
  return { users: seededUsers, ms: now() - started };
}

const send = (message: AlertsServerMessage) => process.send?.(message);
process.on("message", async (command: AlertsServerCommand) => {
  if (command.type === "seed") {
    send({ type: "seeded", ...(await seed(command.groups)) });
  } else if (command.type === "commit") {
    // A new signal, an entry a minute ahead (tradeRecords: the transitions the engine records).
    const [generated] = tradeRecords({
      model: command.model,
      entryTime: Date.now() + 60_000,
      entryPrice: 210.5,
    });
    if (!generated) throw new Error("no generated record");
    const event = alertEventOf(generated.event);
    if (event === undefined) throw new Error("a generated signal makes no alert");
    const calledAt = now();
    const [committed] = await signals.record([generated]);
    const committedAt = now();
    // What each subscriber must receive: the alert as committed, naming its ledger entry.
    const ledger = committed?.timing.ledger ?? undefined;
    const content = signalAlertContent(
      generated.signal,
      event,
      command.model.split(":")[0] as AccessKey,
      ledger,
    );
    send({
      type: "committed",
      calledAt,
      committedAt,
      // The push sender puts one short line of disclosure in the notification's body (pushBody).
      pushText: JSON.stringify({ ...content, body: pushBody(content) }),
      telegramText: alertText(content),
    });
  } else if (command.type === "deliveries") {
    const rows = await db
      .select({
        channel: alertDeliveries.channel,
        status: alertDeliveries.status,
        n: sql<number>`count(*)::int`,
      })
      .from(alertDeliveries)
      .groupBy(alertDeliveries.channel, alertDeliveries.status);
    send({ type: "deliveries", rows });
  } else if (command.type === "stop") {
    await app.close();
    await database.close();
    if (serverUrl) await adminQuery(`drop database if exists ${dbName} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
    send({ type: "done" });
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
send({ type: "ready", pid: process.pid, onPostgres: serverUrl !== undefined });

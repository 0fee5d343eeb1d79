/**
 * The fuzz drill (drills/README.md): fuzzing every endpoint from the OpenAPI document, and the
 * socket.io hub.
 *
 * A server (the build in apps/server/dist) on a private PostgreSQL gets every case fuzz-cases.ts makes from
 * its own /api/docs/json, each sent three times: signed out, as the demo trader and as the demo admin (the
 * admin's user routes aim at the demo account, so that their variants reach the writes). Requests go one
 * at a time, each as raw bytes on a connection of its own. Every one must be answered within 10 s, never
 * with a 5xx, and every refusal (4xx) must be the envelope (`{ success: false, error, code }`) with a short
 * message that shows no internals; HTML is allowed only outside /api. Then malformed socket.io events
 * (through socket.io-client) and raw engine.io packets (through a plain WebSocket); afterwards the same
 * process must still run, answer its health check, and serve a new signed-in socket its first events.
 *
 * "Nothing in the database changed by a refused request", two ways:
 * - Every public table gets a trigger that logs each row change (old and new row) into a schema of the
 *   drill's own, outside what is compared. The log is read after each answer, so every change belongs to
 *   the request that made it. A change by a refused request fails the drill, except what a refusal records
 *   by design, counted apart: an audit-log row, and a one-time code's count of wrong tries (DESIGN.md
 *   section 5: at most 5 tries). Changes by accepted mutating requests (2xx: a valid body with an extra
 *   field, a logout) are counted apart too: they were not refused.
 * - Every public table's row count and an md5 over its rows, before and after: a table that differs must
 *   show up in the change log.
 *
 * Conditions chosen so that nothing else writes while the drill runs, with the reason for each:
 * - The market engine runs (the manual-signal and end-of-day routes answer 503 in a process without it), on
 *   a simulated clock fixed on a Sunday (SIM_CLOCK_START=2026-11-22 12:00 IST): both exchanges are closed,
 *   so it writes no bars, signals or ledger rows. The drill checks this: changes logged while nothing is
 *   being sent count as background writes (target 0).
 * - Excluded from the comparison: `sessions.last_seen_at` only. A signed-in request touches its session's
 *   last-seen time (at most every 5 minutes) whether it is refused or not; an UPDATE of `sessions` that
 *   changes nothing else is a touch, not a change.
 * - SINGLE_SESSION=false, so the logout routes can be fuzzed while signed in: each signed-in case of
 *   POST /api/auth/logout and POST /logout uses a session of its own, signed in before the fuzz, and the
 *   trader's and admin's main sessions stay valid throughout.
 * - USER_REQUESTS_PER_SECOND / USER_REQUEST_BURST raised, so the per-user budget does not answer 429 to most
 *   of the fuzz (the login and recovery limits stay as shipped; their 429s are refusals like any other).
 *
 * `DRILLS_VERBOSE=1` logs every failing case rather than the first few.
 */
import { Buffer } from "node:buffer";
import net from "node:net";
import { CLIENT_EVENTS, SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { ADMIN, type Credentials, TRADER } from "@kalpa/testkit/demo";
import { signIn } from "@kalpa/testkit/http";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import WebSocket from "ws";
import {
  type FuzzCase,
  generateCases,
  type OpenApiDocument,
  rawSocketPackets,
  type SocketEmit,
  socketEmits,
} from "./fuzz-cases";
import { type Drill, type DrillContext, figuresOf, sleep } from "./support/drill";
import { ask } from "./support/http";
import { type RunningServer, startServer } from "./support/server";
import { privatePostgres } from "./support/services";

const SERVER_PORT = 3401;
const POSTGRES_PORT = 5491;
const SEED = "kalpa-fuzz-22";
const ANSWER_TIMEOUT_MS = 10_000;
/** The requests each run sends at least (each case goes three times). */
const REQUEST_TARGET = { full: 10_000, reduced: 1_500 };
/** The full run sends the whole catalogue, the reduced one its interleaved prefix; then random byte flips. */
const CASE_COUNT = { full: undefined, reduced: 480 };
const BYTE_FLIPS = { full: 1_000, reduced: 40 };
const SOCKET_TARGET = { full: 2_000, reduced: 200 };
const SOCKET_EMITS = { full: 1_900, reduced: 130 };
const RAW_PACKET_ROUNDS = { full: 3, reduced: 1 };
/** A Sunday: NSE and MCX are closed all day, so the engine runs but writes nothing. */
const CLOCK_ON_A_SUNDAY = "2026-11-22T12:00:00+05:30";
/** Sessions these routes end are the caller's own: each signed-in case gets a spare session. */
const ENDS_OWN_SESSION = new Set(["POST /api/auth/logout", "POST /logout"]);
/** A change of only these columns is not a change (see the header). */
const IGNORED_COLUMNS: Record<string, string[]> = { sessions: ["last_seen_at"] };
/** What a message for clients must not show. */
const INTERNALS =
  /\b(relation|SQL|postgres|drizzle|syntax error|ECONN\w*|TypeError|ReferenceError|RangeError|Cannot read propert\w*|node_modules)\b|\/(work|home|usr|tmp|var)\/|\.(ts|js|mjs):\d+|\bat [\w.<>]+ \(/i;
const MAX_MESSAGE_CHARS = 300;
/** Log this many failing cases of each kind (all with DRILLS_VERBOSE). */
const EXAMPLES = process.env.DRILLS_VERBOSE ? Number.POSITIVE_INFINITY : 8;

// --- sending -------------------------------------------------------------------------------------------

interface Reply {
  status: number;
  contentType: string;
  text: string;
  ms: number;
  /** Why there was no answer (status 0). */
  error?: string;
}

interface Sender {
  site: string;
  port: number;
}

function originHeader(fuzz: FuzzCase, site: string): string | undefined {
  if (fuzz.origin.kind === "site") return site;
  return fuzz.origin.kind === "foreign" ? fuzz.origin.value : undefined;
}

/** A body this large is held back until the server has had a moment to refuse it from its headers. */
const EARLY_ANSWER_BYTES = 64 * 1024;
const EARLY_ANSWER_WAIT_MS = 200;
const BODY_CHUNK_BYTES = 64 * 1024;

/**
 * Writes a case as raw bytes on a connection of its own (`Connection: close`), so that the target,
 * headers and body go exactly as generated, and reads the answer. Like a careful HTTP client (RFC 9112
 * section 9.6), it stops sending a large body once an answer has begun: the server answers 413 from the
 * headers and closes, and bytes still arriving then would reset the connection under its answer.
 */
function send(sender: Sender, fuzz: FuzzCase, cookie: string | undefined): Promise<Reply> {
  const started = performance.now();
  const rawPart = fuzz.raw ?? {
    requestLine: `${fuzz.method} ${fuzz.target} HTTP/1.1`,
    headerLines: [],
  };
  const lines = [rawPart.requestLine, ...rawPart.headerLines, `Host: 127.0.0.1:${sender.port}`];
  for (const [name, value] of Object.entries(fuzz.headers)) lines.push(`${name}: ${value}`);
  const origin = originHeader(fuzz, sender.site);
  if (origin !== undefined) lines.push(`Origin: ${origin}`);
  if (cookie) lines.push(`Cookie: ${cookie}`);
  const framed = rawPart.headerLines.some((line) =>
    /^(content-length|transfer-encoding):/i.test(line),
  );
  if (fuzz.body && !framed) lines.push(`Content-Length: ${fuzz.body.length}`);
  lines.push("Connection: close");
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  const body = fuzz.body ?? Buffer.alloc(0);

  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: sender.port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const reply = parseAnswer(Buffer.concat(chunks));
      resolve({
        ...(reply ?? { status: 0, contentType: "", text: "" }),
        ms: performance.now() - started,
        ...(reply ? {} : { error: error ?? "closed without an answer" }),
      });
    };
    const timer = setTimeout(() => finish("no answer within 10 s"), ANSWER_TIMEOUT_MS);
    let answerBegun = () => {};
    const begun = new Promise<void>((resolve) => {
      answerBegun = resolve;
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      answerBegun();
      if (parseAnswer(Buffer.concat(chunks))?.complete) finish();
    });
    socket.on("end", () => finish());
    socket.on("close", () => finish());
    socket.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));

    const answering = () => chunks.length > 0 || settled;
    const writeBody = async () => {
      if (body.length <= EARLY_ANSWER_BYTES) {
        socket.write(Buffer.concat([head, body]));
        return;
      }
      socket.write(head);
      await Promise.race([begun, sleep(EARLY_ANSWER_WAIT_MS)]);
      for (let at = 0; at < body.length && !answering(); at += BODY_CHUNK_BYTES) {
        await new Promise<void>((flushed) =>
          socket.write(body.subarray(at, at + BODY_CHUNK_BYTES), () => flushed()),
        );
      }
    };
    void writeBody();
  });
}

/**
 * The status, content type and body of a raw HTTP/1.1 answer (chunked or not), and whether all of it has
 * arrived; undefined before the status line and headers have.
 */
function parseAnswer(bytes: Buffer): (Omit<Reply, "ms"> & { complete: boolean }) | undefined {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine = "", ...headerLines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  if (status === 0) return undefined;
  const header = (name: string) =>
    headerLines
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  let body = bytes.subarray(end + 4);
  let complete = status < 200;
  if (/chunked/i.test(header("transfer-encoding") ?? "")) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf("\r\n", at);
      if (lineEnd < 0) break;
      const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
      if (!size) {
        complete = true;
        break;
      }
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else {
    const length = header("content-length");
    if (length !== undefined) {
      complete ||= body.length >= Number(length);
      body = body.subarray(0, Number(length));
    }
  }
  return {
    status,
    contentType: header("content-type") ?? "",
    text: body.toString("utf8"),
    complete,
  };
}

// --- judging -------------------------------------------------------------------------------------------

type Verdict = "accepted" | "refused" | "server-error" | "no-answer" | "not-envelope";

function requestPath(fuzz: FuzzCase): string {
  return fuzz.raw ? (fuzz.raw.requestLine.split(" ")[1] ?? "") : fuzz.target;
}

/** Whether the server's own rules make this an API answer (JSON) rather than a document. */
function isApiPath(path: string): boolean {
  return path.startsWith("/api/") && !path.startsWith("/api/docs");
}

/** A refusal's body must be the envelope with a short, plain message; answers why not, or undefined. */
export function envelopeProblem(
  reply: Pick<Reply, "contentType" | "text">,
  apiPath: boolean,
): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    if (!apiPath && /text\/html/.test(reply.contentType)) return undefined;
    return `not JSON (${reply.contentType || "no content type"}): ${JSON.stringify(reply.text.slice(0, 120))}`;
  }
  const envelope = body as { success?: unknown; error?: unknown } | null;
  if (envelope?.success !== false) return `not the envelope: ${reply.text.slice(0, 160)}`;
  if (typeof envelope.error !== "string" || envelope.error.trim() === "") return "no error message";
  if (envelope.error.length > MAX_MESSAGE_CHARS)
    return `a ${envelope.error.length}-character message`;
  if (INTERNALS.test(envelope.error)) return `internals in the message: ${envelope.error}`;
  return undefined;
}

function judge(fuzz: FuzzCase, reply: Reply): { verdict: Verdict; why?: string } {
  if (reply.status === 0) return { verdict: "no-answer", why: reply.error ?? "no answer" };
  if (reply.status >= 500)
    return { verdict: "server-error", why: `${reply.status} ${reply.text.slice(0, 160)}` };
  if (reply.status < 400) return { verdict: "accepted" };
  if (fuzz.method === "HEAD") return { verdict: "refused" };
  const problem = envelopeProblem(reply, isApiPath(requestPath(fuzz)));
  return problem
    ? { verdict: "not-envelope", why: `${reply.status}: ${problem}` }
    : { verdict: "refused" };
}

// --- the database: a change log and snapshots ----------------------------------------------------------

interface Change {
  id: number;
  tbl: string;
  op: string;
  old_row: Record<string, unknown> | null;
  new_row: Record<string, unknown> | null;
}

async function publicTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  return rows.map((row) => row.name);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Logs every row change of every public table (and any TRUNCATE) into fuzz_watch.changes. */
async function installChangeLog(client: pg.Client): Promise<void> {
  await client.query(`
    create schema fuzz_watch;
    create table fuzz_watch.changes (
      id bigserial primary key, tbl text not null, op text not null, old_row jsonb, new_row jsonb
    );
    create function fuzz_watch.record() returns trigger language plpgsql as $$
    begin
      if tg_level = 'STATEMENT' then
        insert into fuzz_watch.changes (tbl, op) values (tg_table_name, tg_op);
      else
        insert into fuzz_watch.changes (tbl, op, old_row, new_row) values (tg_table_name, tg_op,
          case when tg_op <> 'INSERT' then to_jsonb(old) end,
          case when tg_op <> 'DELETE' then to_jsonb(new) end);
      end if;
      return null;
    end $$;`);
  for (const table of await publicTables(client)) {
    await client.query(
      `create trigger fuzz_watch_rows after insert or update or delete on public.${quoted(table)}
         for each row execute function fuzz_watch.record();
       create trigger fuzz_watch_truncate after truncate on public.${quoted(table)}
         for each statement execute function fuzz_watch.record();`,
    );
  }
}

function changeReader(client: pg.Client) {
  let last = 0;
  return {
    /** The changes logged since the last call. */
    async next(): Promise<Change[]> {
      const { rows } = await client.query<Change>(
        "select id::int as id, tbl, op, old_row, new_row from fuzz_watch.changes where id > $1 order by id",
        [last],
      );
      const lastRow = rows.at(-1);
      if (lastRow) last = lastRow.id;
      return rows;
    },
  };
}

/** The columns an UPDATE changed. */
function changedColumns(change: Change): string[] {
  const before = change.old_row;
  const after = change.new_row;
  if (change.op !== "UPDATE" || !before || !after) return [];
  return Object.keys(after).filter(
    (column) => JSON.stringify(before[column]) !== JSON.stringify(after[column]),
  );
}

const onlyChanged = (change: Change, table: string, columns: string[]) =>
  change.tbl === table &&
  change.op === "UPDATE" &&
  changedColumns(change).every((column) => columns.includes(column));

/** An UPDATE that changed only ignored columns (a session's last-seen touch). */
function isTouch(change: Change): boolean {
  return Object.entries(IGNORED_COLUMNS).some(([table, columns]) =>
    onlyChanged(change, table, columns),
  );
}

/**
 * What a refusal records by design, described; undefined for any other change: an audit-log row, or a
 * one-time code's count of wrong tries (at most 5 each, DESIGN.md section 5).
 */
function refusalRecord(change: Change): string | undefined {
  if (change.tbl === "audit_log" && change.op === "INSERT") {
    return `audit row ${JSON.stringify(change.new_row?.action ?? change.new_row)}`;
  }
  if (onlyChanged(change, "verifications", ["attempts"])) {
    return `OTP tries counted: ${JSON.stringify(change.new_row?.attempts)}`;
  }
  return undefined;
}

type Snapshot = Map<string, { rows: number; md5: string }>;

/** Every public table's row count and an md5 over its rows in a fixed order (ignored columns left out). */
async function snapshot(client: pg.Client): Promise<Snapshot> {
  const result: Snapshot = new Map();
  for (const table of await publicTables(client)) {
    const { rows: columns } = await client.query<{ name: string }>(
      "select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position",
      [table],
    );
    const kept = columns
      .map((column) => column.name)
      .filter((name) => !IGNORED_COLUMNS[table]?.includes(name));
    const { rows } = await client.query<{ rows: number; md5: string | null }>(
      `select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as md5
         from (select ${kept.map(quoted).join(", ")} from public.${quoted(table)}) t`,
    );
    result.set(table, { rows: rows[0]?.rows ?? 0, md5: rows[0]?.md5 ?? "" });
  }
  return result;
}

function differingTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => {
    const a = before.get(name);
    const b = after.get(name);
    return a?.rows !== b?.rows || a?.md5 !== b?.md5;
  });
}

// --- the HTTP fuzz -------------------------------------------------------------------------------------

interface Identity {
  name: string;
  cookie: string | undefined;
  /** Sessions of their own for the cases that end the caller's session. */
  spares: string[];
}

interface HttpTally {
  sent: number;
  byStatus: Map<number, number>;
  serverErrors: string[];
  notEnvelope: string[];
  noAnswer: string[];
  acceptedMutating: number;
  acceptedByEndpoint: Map<string, number>;
  /** Row changes by accepted requests, by table. */
  acceptedChanges: Map<string, number>;
  refusedChanges: string[];
  refusalRecords: string[];
  /** Every table the change log saw changed. */
  changedTables: Set<string>;
  touches: number;
  serverExited: boolean;
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
const caseName = (fuzz: FuzzCase, who: string) =>
  `${fuzz.endpoint} [${fuzz.family}: ${fuzz.label.slice(0, 100)}] ${who}`;

async function fuzzHttp(
  context: DrillContext,
  sender: Sender,
  cases: FuzzCase[],
  identities: Identity[],
  changes: ReturnType<typeof changeReader>,
  server: RunningServer,
): Promise<HttpTally> {
  const tally: HttpTally = {
    sent: 0,
    byStatus: new Map(),
    serverErrors: [],
    notEnvelope: [],
    noAnswer: [],
    acceptedMutating: 0,
    acceptedByEndpoint: new Map(),
    acceptedChanges: new Map(),
    refusedChanges: [],
    refusalRecords: [],
    changedTables: new Set(),
    touches: 0,
    serverExited: false,
  };
  const total = cases.length * identities.length;
  const started = performance.now();
  for (const fuzz of cases) {
    for (const identity of identities) {
      const cookie =
        ENDS_OWN_SESSION.has(fuzz.endpoint) && identity.cookie
          ? identity.spares.pop()
          : identity.cookie;
      const reply = await send(sender, fuzz, cookie);
      tally.sent++;
      bump(tally.byStatus, reply.status);
      const { verdict, why } = judge(fuzz, reply);
      const what = caseName(fuzz, identity.name);
      if (verdict === "server-error") tally.serverErrors.push(`${what}: ${why}`);
      if (verdict === "not-envelope") tally.notEnvelope.push(`${what}: ${why}`);
      if (verdict === "no-answer") tally.noAnswer.push(`${what}: ${why}`);
      const mutating = !["GET", "HEAD", "OPTIONS"].includes(fuzz.method.toUpperCase());
      const accepted = verdict === "accepted";
      if (accepted && mutating) {
        tally.acceptedMutating++;
        bump(tally.acceptedByEndpoint, fuzz.endpoint);
        // An accepted request may finish writing just after its answer: let that land on its account.
        await sleep(25);
      }
      for (const change of await changes.next()) {
        tally.changedTables.add(change.tbl);
        if (isTouch(change)) tally.touches++;
        else if (accepted) bump(tally.acceptedChanges, change.tbl);
        else if (refusalRecord(change)) {
          tally.refusalRecords.push(`${what} → ${reply.status}: ${refusalRecord(change)}`);
        } else {
          tally.refusedChanges.push(
            `${what} → ${reply.status}: ${change.op} ${change.tbl} ${JSON.stringify(change.new_row ?? change.old_row).slice(0, 200)}`,
          );
        }
      }
      if (server.exit()) {
        tally.serverExited = true;
        context.log(`fuzz: the server exited during ${what}`);
        return tally;
      }
    }
    if (tally.sent % 3000 < identities.length) {
      const seconds = (performance.now() - started) / 1000;
      context.log(`fuzz: ${tally.sent} / ${total} requests in ${seconds.toFixed(0)} s`);
    }
  }
  return tally;
}

// --- the socket fuzz -----------------------------------------------------------------------------------

const SOCKET_PATH = "/socket.io";

function connectSocket(site: string, cookie: string | undefined, home: boolean): Promise<Socket> {
  const socket = io(site, {
    path: SOCKET_PATH,
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    timeout: 5000,
    extraHeaders: { origin: site, ...(cookie ? { cookie } : {}) },
    ...(home ? { query: { type: "home" } } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => {
      socket.close();
      reject(error);
    });
  });
}

interface SocketTally {
  sent: number;
  acks: number;
  reconnects: number;
  /** get-snapshots answered between batches (the hub still serves the connection). */
  barriersAnswered: number;
  barriers: number;
  /** Connections closed other than by the drill (the server's packet size limit), by reason. */
  disconnects: Map<string, number>;
}

/** Emits through socket.io-client, spread over signed-out, landing-page and signed-in sockets. */
async function fuzzSocketEmits(
  site: string,
  emits: SocketEmit[],
  cookies: (string | undefined)[],
): Promise<SocketTally> {
  const tally: SocketTally = {
    sent: 0,
    acks: 0,
    reconnects: 0,
    barriersAnswered: 0,
    barriers: 0,
    disconnects: new Map(),
  };
  const holders = [
    { cookie: undefined, home: false },
    { cookie: undefined, home: true },
    ...cookies.map((cookie) => ({ cookie, home: false })),
  ].map((holder) => ({ ...holder, socket: undefined as Socket | undefined }));
  const socketOf = async (index: number) => {
    const holder = holders[index % holders.length] as (typeof holders)[number];
    if (!holder.socket?.connected) {
      holder.socket?.close();
      if (holder.socket) tally.reconnects++;
      holder.socket = await connectSocket(site, holder.cookie, holder.home);
      holder.socket.on("disconnect", (reason) => {
        if (reason !== "io client disconnect") bump(tally.disconnects, reason);
      });
    }
    return holder.socket;
  };
  const BATCH = 25;
  try {
    for (let start = 0; start < emits.length; start += BATCH) {
      const batch = emits.slice(start, start + BATCH);
      for (const [offset, emit] of batch.entries()) {
        const socket = await socketOf(start + offset);
        if (emit.withAck) {
          socket.timeout(2000).emit(emit.event, ...emit.args, (error: unknown) => {
            if (!error) tally.acks++;
          });
        } else {
          socket.emit(emit.event, ...emit.args);
        }
        tally.sent++;
      }
      // A valid get-snapshots on each socket: it must still be answered.
      for (let index = 0; index < holders.length; index++) {
        const socket = await socketOf(index);
        tally.barriers++;
        const answer = await socket
          .timeout(5000)
          .emitWithAck(CLIENT_EVENTS.getSnapshots)
          .catch(() => undefined);
        if (answer) tally.barriersAnswered++;
      }
    }
  } finally {
    for (const holder of holders) holder.socket?.close();
  }
  return tally;
}

/** Opens an engine.io WebSocket and connects to the main namespace; answers pings. */
function openRawSocket(site: string, cookie: string | undefined): Promise<WebSocket> {
  const url = `${site.replace(/^http/, "ws")}${SOCKET_PATH}/?EIO=4&transport=websocket`;
  const socket = new WebSocket(url, { headers: { origin: site, ...(cookie ? { cookie } : {}) } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error("no socket.io connect"));
    }, 5000);
    socket.on("message", (data: Buffer, binary: boolean) => {
      const text = binary ? "" : data.toString();
      if (text.startsWith("0{")) socket.send("40");
      else if (text === "2") socket.send("3");
      else if (text.startsWith("40")) {
        clearTimeout(timer);
        resolve(socket);
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Sends each raw packet on an open connection (a new one whenever the server closed the last). */
async function fuzzRawPackets(
  site: string,
  rounds: number,
  cookies: (string | undefined)[],
): Promise<{ sent: number; closedByServer: number }> {
  const packets = rawSocketPackets(Object.values(CLIENT_EVENTS));
  let sent = 0;
  let closedByServer = 0;
  for (let round = 0; round < rounds; round++) {
    for (const cookie of [undefined, ...cookies]) {
      let socket: WebSocket | undefined;
      try {
        for (const packet of packets) {
          if (!socket || socket.readyState !== WebSocket.OPEN) {
            if (socket) closedByServer++;
            socket?.terminate();
            socket = await openRawSocket(site, cookie);
          }
          const open = socket;
          await new Promise<void>((resolve) =>
            open.send(packet.data, { binary: packet.binary }, () => resolve()),
          );
          sent++;
          // Give the server the moment it needs to close a connection it refuses.
          await sleep(5);
        }
      } finally {
        socket?.terminate();
      }
    }
  }
  return { sent, closedByServer };
}

/** A new signed-in socket: connects, and gets its first events and the acknowledgement of get-snapshots. */
async function freshSocketWorks(
  site: string,
  cookie: string,
): Promise<{ ok: boolean; detail: string }> {
  let socket: Socket | undefined;
  try {
    socket = await connectSocket(site, cookie, false);
    const seen = { dashboard: 0, status: 0 };
    socket.on(SERVER_EVENTS.dashboardUpdate, () => seen.dashboard++);
    socket.on(SERVER_EVENTS.marketStatusUpdate, () => seen.status++);
    const ack = (await socket.timeout(5000).emitWithAck(CLIENT_EVENTS.getSnapshots)) as {
      ok?: boolean;
    };
    await sleep(300);
    const ok = ack?.ok === true && seen.dashboard > 0 && seen.status > 0;
    return {
      ok,
      detail: `ack ${JSON.stringify(ack)}, ${seen.dashboard} dashboard-update, ${seen.status} market-status-update`,
    };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    socket?.close();
  }
}

// --- the drill -----------------------------------------------------------------------------------------

/** Logs the first few of a kind of failure, one line per case (the identities that met it together). */
function logExamples(context: DrillContext, title: string, items: string[]) {
  if (items.length === 0) return;
  const byCase = new Map<string, string[]>();
  for (const item of items) {
    const key = item.replace(/\] (signed out|as trader|as admin)/, "]");
    const who = /\] (signed out|as trader|as admin)/.exec(item)?.[1] ?? "";
    byCase.set(key, [...(byCase.get(key) ?? []), who]);
  }
  context.log(
    `fuzz: ${title}: ${items.length} (${byCase.size} cases); the first ${Math.min(EXAMPLES, byCase.size)}:`,
  );
  for (const [key, who] of [...byCase].slice(0, EXAMPLES))
    context.log(`  ${key.replace("] ", `] (${who.join(", ")}) `)}`);
}

/** The id of a user, by the admin's user search. */
async function userIdOf(site: string, adminCookie: string, username: string): Promise<string> {
  const answer = await ask(`${site}/api/admin/users?q=${encodeURIComponent(username)}`, {
    headers: { cookie: adminCookie },
  });
  const users = (answer.body as { data?: { users?: { id: string; username: string }[] } })?.data
    ?.users;
  const id = users?.find((user) => user.username === username)?.id;
  if (!id) throw new Error(`the admin's user search did not find ${username} (${answer.status})`);
  return id;
}

async function signInSpares(site: string, account: Credentials, count: number): Promise<string[]> {
  const spares: string[] = [];
  for (let i = 0; i < count; i++) spares.push(await signIn(site, account));
  return spares;
}

function logHttpTally(context: DrillContext, tally: HttpTally, seconds: number) {
  const statuses = [...tally.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} ×${count}`);
  context.log(
    `fuzz: ${tally.sent} requests in ${seconds.toFixed(0)} s; answers: ${statuses.join(", ")}`,
  );
  logExamples(context, "5xx answers", tally.serverErrors);
  logExamples(context, "refusals not in the envelope with a clear message", tally.notEnvelope);
  logExamples(context, "requests without an answer", tally.noAnswer);
  logExamples(context, "rows changed by refused requests", tally.refusedChanges);
  logExamples(context, "refusals that recorded themselves", tally.refusalRecords);
  if (tally.acceptedMutating > 0) {
    const byEndpoint = [...tally.acceptedByEndpoint].map(([name, count]) => `${name} ×${count}`);
    const byTable = [...tally.acceptedChanges].map(([name, count]) => `${name} ×${count}`);
    context.log(
      `fuzz: mutating requests accepted (2xx): ${byEndpoint.join(", ")}; the rows they changed: ${byTable.join(", ") || "none"}`,
    );
  }
}

/** Both socket fuzzes; answers how many events and packets went. */
async function fuzzSockets(
  context: DrillContext,
  site: string,
  mode: "full" | "reduced",
  cookies: string[],
): Promise<number> {
  const emits = socketEmits(Object.values(CLIENT_EVENTS), {
    seed: SEED,
    count: SOCKET_EMITS[mode],
  });
  const emitted = await fuzzSocketEmits(site, emits, cookies);
  const raw = await fuzzRawPackets(site, RAW_PACKET_ROUNDS[mode], cookies);
  const disconnects = [...emitted.disconnects].map(([reason, count]) => `${reason} ×${count}`);
  context.log(
    `fuzz: sockets: ${emitted.sent} socket.io events (${emitted.acks} acknowledged; the connection closed: ${disconnects.join(", ") || "never"}; get-snapshots between batches answered ${emitted.barriersAnswered} of ${emitted.barriers}), ${raw.sent} raw packets (the server closed ${raw.closedByServer} connections)`,
  );
  return emitted.sent + raw.sent;
}

export const fuzzDrill: Drill = {
  name: "fuzz",
  title: "Fuzzing every endpoint from the OpenAPI document, and the socket.io hub",
  async run(context) {
    const { figures, add } = figuresOf("fuzz");
    const mode = context.reduced ? "reduced" : "full";
    const postgres = await privatePostgres(POSTGRES_PORT);
    let server: RunningServer | undefined;
    const client = new pg.Client({ connectionString: postgres.url });
    try {
      server = await startServer({
        port: SERVER_PORT,
        databaseUrl: postgres.url,
        env: {
          MARKET_ENGINE: "true",
          SIM_CLOCK_START: CLOCK_ON_A_SUNDAY,
          SINGLE_SESSION: "false",
          USER_REQUESTS_PER_SECOND: "100000",
          USER_REQUEST_BURST: "100000",
        },
      });
      const site = server.origin;
      context.log(`fuzz: server up on ${site} (pid ${server.child.pid})`);

      const documentAnswer = await ask(`${site}/api/docs/json`);
      const document = documentAnswer.body as OpenApiDocument | undefined;
      if (documentAnswer.status !== 200 || !document?.paths) {
        throw new Error(`GET /api/docs/json answered ${documentAnswer.status}`);
      }
      const traderCookie = await signIn(site, TRADER);
      const adminCookie = await signIn(site, ADMIN);
      // The admin's user routes act on the demo account (no access), so that their variants reach the
      // writes rather than stopping at "no such user".
      const demoUserId = await userIdOf(site, adminCookie, "demo");
      const generated = generateCases(document, {
        seed: SEED,
        siteOrigin: site,
        count: CASE_COUNT[mode],
        flips: BYTE_FLIPS[mode],
        pathExample: (template, name) =>
          template.startsWith("/api/admin/users/{id}") && name === "id" ? demoUserId : undefined,
      });
      const covered = new Set(generated.cases.map((fuzz) => fuzz.endpoint));
      const coveredCount = generated.endpoints.filter((endpoint) => covered.has(endpoint)).length;
      const ownSessionCases = generated.cases.filter((fuzz) =>
        ENDS_OWN_SESSION.has(fuzz.endpoint),
      ).length;
      const identities: Identity[] = [
        { name: "signed out", cookie: undefined, spares: [] },
        {
          name: "as trader",
          cookie: traderCookie,
          spares: await signInSpares(site, TRADER, ownSessionCases),
        },
        {
          name: "as admin",
          cookie: adminCookie,
          spares: await signInSpares(site, ADMIN, ownSessionCases),
        },
      ];
      context.log(
        `fuzz: ${generated.cases.length} cases over ${coveredCount} of ${generated.endpoints.length} operations, each sent signed out, as trader and as admin`,
      );

      // The change log and the first snapshot; then a quiet moment, to see that nothing writes by itself.
      await client.connect();
      await installChangeLog(client);
      const changes = changeReader(client);
      const before = await snapshot(client);
      await changes.next();
      await sleep(2000);
      const quiet = (await changes.next()).filter((change) => !isTouch(change));

      const startedHttp = performance.now();
      const sender: Sender = { site, port: SERVER_PORT };
      const tally = await fuzzHttp(context, sender, generated.cases, identities, changes, server);
      const httpSeconds = (performance.now() - startedHttp) / 1000;
      logHttpTally(context, tally, httpSeconds);

      const socketsSent = tally.serverExited
        ? 0
        : await fuzzSockets(context, site, mode, [traderCookie, adminCookie]);
      const duringSockets = (await changes.next()).filter((change) => !isTouch(change));
      const background = [...quiet, ...duringSockets];
      if (background.length > 0) {
        const which = background.map((change) => `${change.op} ${change.tbl}`);
        context.log(`fuzz: changes with no request in flight: ${which.join(", ")}`);
      }

      // Afterwards: the same process, healthy, serving sockets; and the tables as the log says.
      const health = await ask(`${site}/api/health`);
      const exited = server.exit();
      const fresh = exited
        ? { ok: false, detail: "the server exited" }
        : await freshSocketWorks(site, traderCookie);
      context.log(`fuzz: a new signed-in socket afterwards: ${fresh.detail}`);
      if (exited) {
        const last = server.output().slice(-20).join("\n");
        context.log(`fuzz: the server exited (${exited.code ?? exited.signal}):\n${last}`);
      }
      const unexplained = differingTables(before, await snapshot(client)).filter(
        (table) => !tally.changedTables.has(table),
      );
      if (unexplained.length > 0) {
        context.log(
          `fuzz: tables that differ with no change in the log: ${unexplained.join(", ")}`,
        );
      }

      const requests = REQUEST_TARGET[mode];
      const events = SOCKET_TARGET[mode];
      const refusedChanges = tally.refusedChanges.length + unexplained.length;
      const allCovered = coveredCount === generated.endpoints.length;
      add(
        "operations covered",
        `${coveredCount} / ${generated.endpoints.length}`,
        "all",
        allCovered,
      );
      add(
        "requests sent",
        tally.sent,
        `≥ ${requests.toLocaleString("en")}`,
        tally.sent >= requests,
      );
      add("5xx answers", tally.serverErrors.length, "0", tally.serverErrors.length === 0);
      add(
        "refusals not in the envelope",
        tally.notEnvelope.length,
        "0",
        tally.notEnvelope.length === 0,
      );
      add(
        "requests unanswered in 10 s or reset",
        tally.noAnswer.length,
        "0",
        tally.noAnswer.length === 0,
      );
      add("rows changed by refused requests", refusedChanges, "0", refusedChanges === 0);
      add("rows written while nothing was sent", background.length, "0", background.length === 0);
      add(
        "refusals recorded (audit rows, OTP tries)",
        tally.refusalRecords.length,
        "reported",
        true,
      );
      add("mutating requests accepted (2xx)", tally.acceptedMutating, "reported", true);
      add(
        "socket events sent",
        socketsSent,
        `≥ ${events.toLocaleString("en")}`,
        socketsSent >= events,
      );
      add("server crashes or restarts", exited ? 1 : 0, "0", !exited);
      add("health after the fuzz", health.status, "200", health.status === 200);
      add("new signed-in socket gets its first events", fresh.ok ? "yes" : "no", "yes", fresh.ok);
      add("HTTP fuzz time", `${httpSeconds.toFixed(0)} s`, "reported", true);
      return figures;
    } finally {
      await client.end().catch(() => {});
      await server?.stop();
      await postgres.remove();
    }
  },
};

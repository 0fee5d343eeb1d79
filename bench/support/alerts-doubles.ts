/**
 * The alerts bench's stand-ins for the outside world, each in a process of its own (a child of the bench),
 * so the push service and Telegram each have an event loop to themselves as the real ones would:
 * `fork(alerts-doubles.ts, ["push"])` runs tools/push-double, `["telegram"]` tools/telegram-double.
 *
 * Arrival times are handed back on the machine-wide monotonic clock (support/fanout-protocol.ts `now()`),
 * so the bench subtracts the server's commit time from them directly. The push double decrypts only when
 * asked, after the timing (`verify`), so decrypting does not slow the arrivals it measures.
 *
 * Commands (IPC, advanced serialization): `subscribe` (push only: makes browser keys), `wait` (until `count`
 * messages have arrived in all), `arrivals` (each message's target and arrival time), `verify` (each target
 * got exactly the expected text, once), `reset` (forget what arrived), `stop`.
 */
import { type PushDouble, startPushDouble } from "@kalpa/push-double";
import { startTelegramDouble, type TelegramDouble } from "@kalpa/telegram-double";
import type { DoublesCommand, DoublesMessage } from "./alerts-protocol";
import { TELEGRAM_BOT } from "./alerts-protocol";
import { now } from "./fanout-protocol";

const kind = process.argv[2];
if (kind !== "push" && kind !== "telegram")
  throw new Error("usage: alerts-doubles.ts push|telegram");

// performance.now() and now() tick together (both CLOCK_MONOTONIC); the difference turns one into the other.
const monotonicOffset = now() - performance.now();
const highResEpoch = () => performance.timeOrigin + performance.now();

let push: PushDouble | undefined;
let telegram: TelegramDouble | undefined;
if (kind === "push") push = await startPushDouble({ port: 0 });
else
  telegram = await startTelegramDouble({
    port: 0,
    bots: [TELEGRAM_BOT],
    acceptAnyChat: true,
    now: highResEpoch,
  });

/** How many messages have arrived in all. */
const arrivedCount = () => (push ? push.count() : (telegram as TelegramDouble).sent().length);

/** Every arrival: its target (the push subscription's id, or the chat's id) and its monotonic time. */
function arrivals(): { targets: string[]; at: Float64Array } {
  if (push) {
    const received = push.received();
    return {
      targets: received.map((message) => message.id),
      at: Float64Array.from(received, (m) => m.receivedAt.performanceNow + monotonicOffset),
    };
  }
  const sent = (telegram as TelegramDouble).sent();
  return {
    targets: sent.map((message) => String(message.chatId)),
    at: Float64Array.from(sent, (m) => m.receivedAt - performance.timeOrigin + monotonicOffset),
  };
}

/** JSON with its keys in order: the payload went through jsonb, which keeps its own order of keys. */
function canonical(json: string): string {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    return JSON.stringify(
      Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))),
    );
  } catch {
    return json;
  }
}

/** Each target got exactly one message, and it says `text` (the push payload, decrypted; or the chat text). */
function verify(
  targets: string[],
  expected: string,
): Extract<DoublesMessage, { type: "verified" }> {
  const text = push ? canonical(expected) : expected;
  const wanted = new Set(targets);
  const texts = new Map<string, string[]>();
  let strays = 0;
  if (push) {
    for (const message of push.received()) {
      if (!wanted.has(message.id)) {
        strays++;
        continue;
      }
      const list = texts.get(message.id) ?? [];
      let payload: string;
      try {
        payload = canonical(push.decrypt(message) ?? "");
      } catch (error) {
        payload = `not decryptable: ${(error as Error).message}`;
      }
      list.push(payload);
      texts.set(message.id, list);
    }
  } else {
    for (const message of (telegram as TelegramDouble).sent()) {
      const target = String(message.chatId);
      if (!wanted.has(target)) {
        strays++;
        continue;
      }
      const list = texts.get(target) ?? [];
      list.push(message.text);
      texts.set(target, list);
    }
  }
  let good = 0;
  let missing = 0;
  let repeated = 0;
  let wrong = 0;
  let firstProblem: string | undefined;
  for (const target of wanted) {
    const got = texts.get(target) ?? [];
    if (got.length === 0) missing++;
    else if (got.length > 1) repeated++;
    else if (got[0] !== text) wrong++;
    else good++;
    if (firstProblem === undefined && !(got.length === 1 && got[0] === text)) {
      firstProblem = `${target}: ${got.length} messages, first ${JSON.stringify(got[0]?.slice(0, 120))}`;
    }
  }
  return { type: "verified", good, missing, repeated, wrong, strays, firstProblem };
}

const send = (message: DoublesMessage) => process.send?.(message);

process.on("message", async (command: DoublesCommand) => {
  if (command.type === "subscribe") {
    const double = push as PushDouble;
    const subscriptions = Array.from({ length: command.count }, () => {
      const json = double.subscribe();
      return { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
    });
    send({ type: "subscribed", subscriptions });
  } else if (command.type === "wait") {
    // The doubles' own waiters: no polling in the process being measured.
    const waited = push
      ? push.waitFor(command.count, command.timeoutMs)
      : (telegram as TelegramDouble).waitForSent(command.count, command.timeoutMs);
    const timedOut = await waited.then(
      () => false,
      () => true,
    );
    send({ type: "waited", arrived: arrivedCount(), timedOut });
  } else if (command.type === "arrivals") {
    send({ type: "arrivals", ...arrivals() });
  } else if (command.type === "verify") {
    send(verify(command.targets, command.text));
  } else if (command.type === "reset") {
    push?.reset();
    telegram?.clearRecords();
    send({ type: "done" });
  } else if (command.type === "stop") {
    await (push ?? (telegram as TelegramDouble)).close();
    send({ type: "done" });
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
send({
  type: "ready",
  origin: push ? push.origin : (telegram as TelegramDouble).apiRoot,
});

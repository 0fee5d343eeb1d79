/**
 * The sending line: batches that share no device, chat or inbox go side by side (a few at most), a batch
 * that shares one waits for the batch before it, so each target's messages keep the queue's order, and a
 * batch that failed stops the line.
 */
import type { AlertChannel } from "@kalpa/contracts/api/alerts";
import { describe, expect, it } from "vitest";
import type { Delivery } from "./channels/channel";
import { createSendingLine } from "./delivery";

const delivery = (id: number, target: string): Delivery => ({
  id,
  userId: 1,
  channel: "push",
  target,
  attempts: 1,
  event: "new-signal",
  instrument: "Nifty",
  content: { title: "t", body: "b", url: "/", tag: "t" },
});
const batch = (...targets: string[]) =>
  new Map<AlertChannel, Delivery[]>([["push", targets.map((target, i) => delivery(i, target))]]);

/** A sender whose batches end when the test says, and which records when each started and ended. */
function heldSender() {
  const log: string[] = [];
  const release = new Map<string, (error?: Error) => void>();
  const send = (ready: Map<AlertChannel, Delivery[]>) => {
    const name = (ready.get("push") ?? []).map((d) => d.target).join("+");
    log.push(`start ${name}`);
    return new Promise<void>((resolve, reject) => {
      release.set(name, (error) => {
        log.push(`end ${name}`);
        if (error) reject(error);
        else resolve();
      });
    });
  };
  const end = async (name: string, error?: Error) => {
    release.get(name)?.(error);
    // Let the line see it.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { send, log, end };
}

describe("the sending line", () => {
  it("sends batches with no target in common side by side, up to its depth", async () => {
    const sender = heldSender();
    const line = createSendingLine(sender.send, 2);
    await line.send(batch("a", "b"));
    await line.send(batch("c"));
    const third = line.send(batch("d"));
    await sender.end("never");
    expect(sender.log).toEqual(["start a+b", "start c"]);
    await sender.end("c");
    await third;
    expect(sender.log).toEqual(["start a+b", "start c", "end c", "start d"]);
    await sender.end("a+b");
    await sender.end("d");
    await line.finish();
  });

  it("holds a batch that shares a target until the batch before it is sent: a target's order is kept", async () => {
    const sender = heldSender();
    const line = createSendingLine(sender.send, 4);
    await line.send(batch("a", "b"));
    const later = line.send(batch("b", "c"));
    await sender.end("never");
    expect(sender.log).toEqual(["start a+b"]);
    await sender.end("a+b");
    await later;
    expect(sender.log).toEqual(["start a+b", "end a+b", "start b+c"]);
    await sender.end("b+c");
    await line.finish();
  });

  it("starts nothing after a batch failed, and throws its failure", async () => {
    const sender = heldSender();
    const line = createSendingLine(sender.send, 1);
    await line.send(batch("a"));
    const next = line.send(batch("b"));
    await sender.end("a", new Error("the database went away"));
    await expect(next).rejects.toThrow("the database went away");
    await expect(line.finish()).rejects.toThrow("the database went away");
    expect(sender.log).toEqual(["start a", "end a"]);
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { healthStatus, ServerNotReadyError, serverIsReady, waitForHealth } from "./built-server";

let server: Server | undefined;

/** A stand-in /api/health answering the statuses given, one a request, the last one from then on. */
async function healthAnswering(...answers: Array<string | 503>): Promise<string> {
  let asked = 0;
  server = createServer((_req, res) => {
    const answer = answers[Math.min(asked++, answers.length - 1)];
    res.writeHead(answer === 503 ? 503 : 200, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        answer === 503 ? { success: false } : { success: true, data: { status: answer } },
      ),
    );
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe("the health check's wait", () => {
  it("reads the status, and nothing from a 503 or a closed port", async () => {
    const url = await healthAnswering("degraded", 503);
    expect(await healthStatus(url)).toBe("degraded");
    expect(await healthStatus(url)).toBeUndefined();
    expect(await healthStatus("http://127.0.0.1:9")).toBeUndefined();
  });

  it("waits through a first start's 'starting' until ok, noting when it first answered", async () => {
    const url = await healthAnswering(503, "starting", "starting", "ok");
    const times = await waitForHealth(url, { intervalMs: 5 });
    expect(times.readyAt).toBeGreaterThan(times.answeredAt);
    expect(await serverIsReady(url)).toBe(true);
  });

  it("with until 'answering', stops at the first status, 'starting' included", async () => {
    const url = await healthAnswering("starting");
    const times = await waitForHealth(url, { until: "answering", intervalMs: 5 });
    expect(times.readyAt).toBe(times.answeredAt);
    expect(await serverIsReady(url)).toBe(false);
  });

  it("gives up at its deadline, and when the process exits", async () => {
    const url = await healthAnswering("starting");
    await expect(waitForHealth(url, { timeoutMs: 50, intervalMs: 5 })).rejects.toThrow(
      /not ready .* within 0.05 s/,
    );
    const child: ChildProcess = spawn(process.execPath, ["-e", "process.exit(3)"]);
    await new Promise((resolve) => child.once("exit", resolve));
    const failure = await waitForHealth(url, { child }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServerNotReadyError);
    expect((failure as ServerNotReadyError).exitCode).toBe(3);
  });
});

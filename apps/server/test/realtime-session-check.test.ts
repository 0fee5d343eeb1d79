/**
 * A signed-in socket's session is checked again after it joins (realtime/hub.ts). When the database cannot
 * answer that check (restarting), the socket is kept and checked again shortly; a session that has ended
 * still closes it.
 */
import Fastify from "fastify";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/env";
import { createRealtimeHub, type SocketAuth } from "../src/realtime/hub";

const ORIGIN = "http://127.0.0.1:3999";
const auth: SocketAuth = { userId: 7, sessionId: 70, expiresAt: new Date(Date.now() + 3_600_000) };

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function hubAnswering(fresh: (() => Promise<SocketAuth | null>)[]) {
  const app = Fastify();
  const io = createRealtimeHub(app, {
    config: loadConfig({ PUBLIC_URL: ORIGIN, NODE_ENV: "test" }),
    redis: undefined,
    recheckRetryMs: 100,
    authenticate: async (_cookie, options) => {
      if (!options?.fresh) return auth;
      const next = fresh.shift();
      return next ? next() : auth;
    },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  closers.push(() => app.close());
  const { port } = app.server.address() as { port: number };
  const socket: Socket = connect(`http://127.0.0.1:${port}`, {
    transports: ["websocket"],
    extraHeaders: { origin: ORIGIN, cookie: "kalpa_session=x" },
    reconnection: false,
  });
  closers.push(async () => socket.disconnect());
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { io, socket };
}

const databaseAway = async (): Promise<null> => {
  throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
};

describe("a socket's session check", () => {
  it("keeps the socket while the database cannot say, and checks again", async () => {
    const checks: string[] = [];
    const { socket } = await hubAnswering([
      () => {
        checks.push("away");
        return databaseAway();
      },
      () => {
        checks.push("away");
        return databaseAway();
      },
      async () => {
        checks.push("live");
        return auth;
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(checks).toEqual(["away", "away", "live"]);
    expect(socket.connected).toBe(true);
  });

  it("closes it when the check, once the database answers, finds the session ended", async () => {
    const { socket } = await hubAnswering([databaseAway, async () => null]);
    const reason = await new Promise((resolve) => socket.once("disconnect", resolve));
    expect(reason).toBe("io server disconnect");
  });
});

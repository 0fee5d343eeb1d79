import { SOCKET_PATH } from "@kalpa/contracts/constants";
import { HOME_SOCKET_QUERY } from "@kalpa/contracts/socket-events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOMS } from "../src/realtime/hub";
import { connected, listen, useSockets } from "./helpers/sockets";
import { createTestApp, TEST_ORIGIN } from "./helpers/test-app";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const open = useSockets();

describe("the realtime hub", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t);
  });
  afterAll(async () => t?.close());

  it("accepts a websocket at /socket.io/ and puts home sockets in the home room", async () => {
    const home = open(url, { query: HOME_SOCKET_QUERY });
    const other = open(url);
    await Promise.all([connected(home), connected(other)]);
    const heard: string[] = [];
    other.on("probe", () => heard.push("other"));
    const received = new Promise((resolve) => home.once("probe", resolve));
    t.io.to(ROOMS.home).emit("probe", { n: 1 });
    expect(await received).toEqual({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
  });

  it("serves clients that can only long-poll", async () => {
    const socket = open(url, { transports: ["polling"] });
    await connected(socket);
    expect(socket.io.engine.transport.name).toBe("polling");
  });

  it("refuses a socket opened by another site, and only that", async () => {
    const handshake = (origin: string) =>
      fetch(`${url}${SOCKET_PATH}?EIO=4&transport=polling`, { headers: { origin } });
    const refused = await handshake("https://evil.example");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: 4, message: "Forbidden" });
    const accepted = await handshake(TEST_ORIGIN);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toMatch(/^0\{"sid":/);
  });
});

describe.runIf(process.env.REDIS_URL)("the realtime hub across processes (Redis adapter)", () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
    await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("delivers a broadcast from one process to a socket on another", async () => {
    const socket = open(urlB, { query: HOME_SOCKET_QUERY });
    await connected(socket);
    // The adapter subscribes asynchronously; retry the broadcast until the other process hears it.
    const received = new Promise((resolve) => socket.once("across", resolve));
    const timer = setInterval(() => a.io.to(ROOMS.home).emit("across", { from: "a" }), 100);
    try {
      expect(await received).toEqual({ from: "a" });
    } finally {
      clearInterval(timer);
    }
  });
});

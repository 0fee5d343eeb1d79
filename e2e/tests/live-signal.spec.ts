/**
 * A model's signal, live: on the seeded simulator with a fast market clock, BankNifty's HFT model
 * generates a signal on the simulated feed (nothing is injected), the paper trade triggers and closes at
 * its target, and the demo trader (every instrument) watches it happen on /live-trade/banknifty/hft: the
 * empty card, then the signal, Triggered, Closed at target with a profit, and the charts beside it. The
 * demo user (no access) is signed in too, and their socket, connected as the app connects it, hears no
 * new-signal or signal-update at all, while the trader's own socket, connected the same way, does.
 *
 * The journey runs its own server (the shared one runs at normal speed): SIM_SEED "kalpa", the
 * market clock from 08:30 India time on Monday 23 Nov 2026 at 45 times real time. On that seed (the
 * simulator calibrated to the recorded market, HFT's target widened to 6 ATR at the same time) HFT
 * fires at 09:54, enters at once and reaches its target at 10:18 (the same at any clock speed: the
 * feed is a function of the seed and the market time), 112 s and 144 s after the server's market
 * engine starts: the slack before the signal is for a slow start on a busy machine (the clock runs
 * from the engine's start, before the server listens).
 */
import { RISK_DISCLOSURE_VERSION } from "@kalpa/contracts/api/access";
import { type NewSignalPayload, SignalUpdatePayloadSchema } from "@kalpa/contracts/signals";
import { SERVER_EVENTS } from "@kalpa/contracts/socket-events";
import { io, type Socket } from "socket.io-client";
import { DEMO, signInAsDemo, TRADER } from "../support/demo";
import { E2E_PORT } from "../support/environment";
import { type BrowserContext, expect, newConsentedContext, test } from "../support/fixtures";
import { startOwnServer } from "../support/own-server";

const PORT = E2E_PORT + 2;
const SIGNAL_ENV = {
  SIM_SEED: "kalpa",
  SIM_CLOCK_START: "2026-11-23 08:30",
  SIM_CLOCK_SPEED: "45",
};
/** When the model fires on that seed: the screen must be open before. */
const SIGNAL_AT = Date.parse("2026-11-23T09:54:00+05:30");
/** Time enough to sign two users in and open the screen, at the clock's speed (ms of market time). */
const SLACK = 20 * 45_000;

interface Heard {
  event: string;
  payload: unknown;
}

/** A socket.io client with the context's session cookie, as the signed-in app opens it. */
async function listen(
  context: BrowserContext,
  url: string,
): Promise<{ socket: Socket; heard: Heard[] }> {
  const cookies = await context.cookies(url);
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  const socket = io(url, {
    transports: ["websocket"],
    extraHeaders: { cookie, origin: url },
    reconnection: false,
  });
  const heard: Heard[] = [];
  for (const event of [SERVER_EVENTS.newSignal, SERVER_EVENTS.signalUpdate]) {
    socket.on(event, (payload: unknown) => heard.push({ event, payload }));
  }
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, heard };
}

test("a subscriber watches a model's signal appear, trigger and close; a non-subscriber hears none of it", async ({
  browser,
}) => {
  // The server's start (up to 150 s on a busy machine) within about 130 s of simulated market.
  test.setTimeout(300_000);
  let server: Awaited<ReturnType<typeof startOwnServer>> | undefined;
  const sockets: Socket[] = [];
  const contexts: BrowserContext[] = [];
  try {
    server = await startOwnServer(PORT, SIGNAL_ENV, { timeoutMs: 150_000 });
    const url = server.url;
    const overview = await (await fetch(`${url}/api/market/snapshots`)).json();
    const clockNow: number = overview.data.clock.now;
    expect(
      clockNow,
      "the server started so slowly that the market clock is almost at the signal's minute",
    ).toBeLessThan(SIGNAL_AT - SLACK);

    // The outsider signs in (and accepts the agreement, so only the missing access keeps them out).
    const outsider = await newConsentedContext(browser, { baseURL: url });
    contexts.push(outsider);
    const headers = { origin: url };
    expect((await outsider.request.post("/api/auth/login", { data: DEMO, headers })).ok()).toBe(
      true,
    );
    const accepted = await outsider.request.post("/api/risk-disclosure/accept", {
      data: { version: RISK_DISCLOSURE_VERSION },
      headers,
    });
    expect(accepted.ok()).toBe(true);
    const outsiderSocket = await listen(outsider, url);
    sockets.push(outsiderSocket.socket);

    const trader = await newConsentedContext(browser, {
      baseURL: url,
      viewport: { width: 1440, height: 900 },
    });
    contexts.push(trader);
    const page = await trader.newPage();
    await signInAsDemo(page, TRADER);
    const traderSocket = await listen(trader, url);
    sockets.push(traderSocket.socket);

    await page.goto("/live-trade/banknifty/hft");
    const card = page.getByRole("region", { name: "HFT signal" });
    // Before 09:54 on the market clock: no signal yet, and the option chart waits for one.
    await expect(card.getByText("No signal yet today")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("option-chart")).toContainText("Waiting for the first signal");

    // The model fires on the simulated feed.
    const status = card.getByTestId("signal-status");
    await expect(status).toHaveText(/^(Waiting for entry|Triggered · trade open)$/, {
      timeout: 150_000,
    });
    await expect(card).toContainText("23 Nov 2026, 09:54 IST");
    await expect(card).toContainText("BANKNIFTY");
    await expect(card.getByText(/^BUY (CE|PE)$/)).toBeVisible();
    // Made by the version of HFT the engine runs, linked to its model card.
    const version = card.getByTestId("signal-model-version");
    await expect(version).toHaveText(/^Model version [0-9a-f]{12}$/);
    await expect(version).toHaveAttribute("href", "/models/banknifty-hft");

    // It triggers: the paper trade is open, with its entry price and time.
    await expect(status).toHaveText("Triggered · trade open", { timeout: 30_000 });
    await expect(card).toContainText(/TRIGGERED AT₹[\d,.]+ 09:5\d:\d\d IST/);
    await expect(card.getByTestId("signal-ltp")).toHaveText(/^₹[\d,.]+$/);

    // The underlying's chart, with its text summary.
    await expect(
      page.getByTestId("underlying-chart").getByRole("figure", {
        name: /^BANKNIFTY in 1-minute candles, \d+ from 09:15 IST to /,
      }),
    ).toBeVisible();

    // It closes at its target, in profit.
    await expect(status).toHaveText("Closed at target", { timeout: 60_000 });
    await expect(card.getByTestId("signal-pnl")).toHaveAttribute("data-tone", "profit");
    await expect(card.getByTestId("signal-pnl")).toHaveText(/^₹[\d,.]+$/);

    // The trader's socket heard the signal's generation and transitions; the outsider's heard nothing.
    const generated = traderSocket.heard.find(
      (entry) =>
        entry.event === SERVER_EVENTS.newSignal &&
        (entry.payload as NewSignalPayload).model === "BankNifty:HFT",
    );
    expect(generated, "the trader's socket hears HFT's new-signal").toBeTruthy();
    const closed = traderSocket.heard.some((entry) => {
      const update = SignalUpdatePayloadSchema.safeParse(entry.payload);
      return (
        entry.event === SERVER_EVENTS.signalUpdate &&
        update.success &&
        update.data.model === "BankNifty:HFT" &&
        update.data.changes.closeReason === "target"
      );
    });
    expect(closed, "the trader's socket hears HFT's close").toBe(true);
    expect(outsiderSocket.heard).toEqual([]);
  } finally {
    for (const socket of sockets) socket.disconnect();
    for (const context of contexts) await context.close();
    await server?.stop();
  }
});

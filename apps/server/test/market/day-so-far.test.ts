/**
 * SIM_CLOCK_START=auto on a Saturday: the simulated clock starts inside Friday's session, once every model
 * has had time to act (11:00), and the engine has computed Friday up to there before anyone looks: the
 * day's signals, their transitions, the journal's closed trades and the ledger's entries are there at start.
 */

import { PaperHistorySchema } from "@kalpa/contracts/api/paper";
import { MODEL_IDS } from "@kalpa/contracts/names";
import { CurrentSignalsSchema } from "@kalpa/contracts/signals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { TestApp } from "../helpers/accounts";
import { listen } from "../helpers/sockets";
import { createTestApp, TEST_ORIGIN } from "../helpers/test-app";

/** Saturday 28 November 2026, 12:00 India time: both exchanges closed. */
const SATURDAY_NOON = Date.parse("2026-11-28T12:00:00+05:30");
const FRIDAY = "2026-11-27";
const FRIDAY_OPEN_NSE = Date.parse("2026-11-27T09:15:00+05:30");
const FRIDAY_11 = Date.parse("2026-11-27T11:00:00+05:30");

describe("a start outside market hours (a Saturday, SIM_CLOCK_START=auto)", () => {
  let t: TestApp;
  let cookie = "";
  beforeAll(async () => {
    // The real clock reads Saturday noon and runs on from there.
    const offset = SATURDAY_NOON - Date.now();
    t = await createTestApp({
      clock: () => new Date(Date.now() + offset),
      env: { MARKET_ENGINE: "true", SEED_DEMO: "true", SIM_CLOCK_START: "auto" },
    });
    await listen(t);
    // Ready: the demo journal and the history are written (decision 019).
    for (let i = 0; i < 600; i++) {
      const health = (await t.app.inject({ method: "GET", url: "/api/health" })).json().data;
      if (health.status === "ok") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: TEST_ORIGIN },
      payload: { username: "trader", password: "Trader@1234" },
    });
    expect(login.statusCode).toBe(200);
    cookie = login.cookies
      .map((c: { name: string; value: string }) => `${c.name}=${c.value}`)
      .join("; ");
  }, 120_000);
  afterAll(async () => t?.close());

  it("runs the simulated clock from Friday 11:00, once every model's quiet opening is long over", async () => {
    const { clock } = (await t.app.inject({ method: "GET", url: "/api/market/snapshots" })).json()
      .data;
    expect(clock.simulated).toBe(true);
    expect(clock.now).toBeGreaterThanOrEqual(FRIDAY_11);
    expect(clock.now).toBeLessThan(FRIDAY_11 + 5 * 60_000);
  });

  it("shows the day's signals at once: generated on Friday morning, before the clock's start", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/signals/current",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const { signals } = z.parse(CurrentSignalsSchema, res.json().data);
    const today = signals.flatMap((entry) => (entry.signal ? [entry.signal] : []));
    // At least one model acted on Friday morning; every signal shown is Friday's.
    expect(today.length).toBeGreaterThan(0);
    for (const signal of today) {
      expect(signal.generatedAt).toBeGreaterThanOrEqual(FRIDAY_OPEN_NSE - 15 * 60_000);
      expect(signal.generatedAt).toBeLessThan(FRIDAY_11 + 5 * 60_000);
    }
  });

  it("has the day's closed trades in the journal, each with its ledger entry", async () => {
    let trades = 0;
    for (const model of MODEL_IDS) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/paper/history?model=${encodeURIComponent(model)}&days=7`,
      });
      expect(res.statusCode).toBe(200);
      const groups = z.parse(PaperHistorySchema, res.json().data);
      trades += groups.find((group) => group._id === FRIDAY)?.trades.length ?? 0;
    }
    expect(trades).toBeGreaterThan(0);
    const verify = await t.app.inject({ method: "GET", url: "/api/ledger/verify" });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toMatchObject({ ok: true });
  });
});

/**
 * GET /api/paper/analytics/following (issue 37, decision 038): the signed-in subscriber's own view, the
 * analysis of the trades of the models of the instruments they have open access to, together. Signed-out
 * visitors are refused; a user who follows nothing gets an analysis of no trades that says so.
 */
import { PaperFollowingAnalyticsSchema } from "@kalpa/contracts/api/paper";
import { dayKeyOf } from "@kalpa/market/time/day-key";
import { addDays } from "@kalpa/market/time/day-math";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignalRepository } from "../../src/modules/signals/repository";
import { createUserKinds, type KindUser, type UserKind } from "../helpers/access";
import { useAccountsApp } from "../helpers/accounts";
import { recordTrade } from "./fixtures";

const PATH = "/api/paper/analytics/following?days=7";
const india = (day: string, time: string) => Date.parse(`${day}T${time}+05:30`);

describe("the analysis of the models a subscriber follows", () => {
  const h = useAccountsApp();
  let users: Record<UserKind, KindUser>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    users = await createUserKinds(h);
    const repository = createSignalRepository(h.t.database.db);
    const yesterday = addDays(dayKeyOf(Date.now()), -1);
    // BankNifty (the subscriber's instrument): one trade of each of its two models; Nifty: one.
    for (const [model, at] of [
      ["BankNifty:KalpaVruksha", "10:00:00"],
      ["BankNifty:HFT", "11:00:00"],
      ["Nifty:KalpaVruksha", "12:00:00"],
    ] as const) {
      ids[model] = await recordTrade(repository, {
        model,
        entryTime: india(yesterday, at),
        entryPrice: 100,
        exitTime: india(yesterday, at.replace(":00:00", ":30:00")),
        exitPrice: 112,
      });
    }
  });

  it("refuses a visitor who is not signed in", async () => {
    expect((await users.anonymous.browser.get(PATH)).statusCode).toBe(401);
  });

  it("analyses the trades of the followed instrument's models together, and only those", async () => {
    const res = await users.subscriber.browser.get(PATH);
    expect(res.statusCode).toBe(200);
    const analysis = PaperFollowingAnalyticsSchema.parse(res.json().data);
    expect(analysis.models).toEqual(["BankNifty:KalpaVruksha", "BankNifty:HFT"]);
    expect(analysis.trades).toBe(2);
    expect(analysis.perTrade.map((trade) => trade.id).sort()).toEqual(
      [ids["BankNifty:KalpaVruksha"], ids["BankNifty:HFT"]].sort(),
    );
    const other = PaperFollowingAnalyticsSchema.parse(
      (await users.otherInstrument.browser.get(PATH)).json().data,
    );
    expect(other.models).toEqual(["Nifty:KalpaVruksha"]);
    expect(other.perTrade.map((trade) => trade.id)).toEqual([ids["Nifty:KalpaVruksha"]]);
  });

  it("answers no models and no trades to a user who follows none", async () => {
    const analysis = PaperFollowingAnalyticsSchema.parse(
      (await users.noAccess.browser.get(PATH)).json().data,
    );
    expect(analysis).toMatchObject({ models: [], trades: 0, perTrade: [] });
  });

  it("takes the period only", async () => {
    const res = await users.subscriber.browser.get("/api/paper/analytics/following?days=10");
    expect(res.statusCode).toBe(400);
  });
});

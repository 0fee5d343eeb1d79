import { describe, expect, it } from "vitest";
import { contractKey } from "../options/option-contract";
import { RecordedFeed, recordedSessions } from "./recorded-feed";
import { recordedMarket } from "./recorded-market";
import { ReplayTicks } from "./replay-feed";

const at = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);
const INDEX = [
  "time,open,high,low,close",
  "2024-06-04T09:15:00+05:30,23100,23110,23000,23050",
  "2024-06-04T09:16:00+05:30,23050,23060,22900,22950",
  "2024-06-05T09:15:00+05:30,22000,22100,21990,22080",
].join("\n");
const CONTRACT = {
  symbol: "CRUDEOIL" as const,
  expiry: "2025-07-17",
  strike: 5500,
  optionType: "CE" as const,
};
const OPTIONS = [
  "time,expiry,strike,type,open,high,low,close,volume",
  "2025-06-13T09:00:00+05:30,2025-07-17,5500,CE,100,101,99,100.5,10",
  "2025-06-13T09:00:00+05:30,2025-07-17,5500,PE,90,91,89,90,10",
  "2025-06-13T09:02:00+05:30,2025-07-17,5500,CE,120,130,118,128.3,10",
  "2025-06-13T09:02:00+05:30,2025-07-17,5500,PE,70,71,69,70,10",
].join("\n");
const market = recordedMarket([
  { folder: "index-1min", name: "NIFTY_2024-06.csv", text: INDEX },
  { folder: "crudeoil-options-1min", name: "CRUDEOIL_options_2025-06.csv", text: OPTIONS },
]);

describe("recordedSessions", () => {
  it("gives each recorded day its exchange's regular hours, in time order, within the window", () => {
    const sessions = recordedSessions(market);
    expect(sessions.map((s) => [s.day, s.symbols.join()])).toEqual([
      ["2024-06-04", "NIFTY"],
      ["2024-06-05", "NIFTY"],
      ["2025-06-13", "CRUDEOIL"],
    ]);
    expect(sessions[0]).toMatchObject({
      open: at("2024-06-04", "09:15"),
      close: at("2024-06-04", "15:30"),
    });
    // MCX in June 2025 (US summer time): 09:00 to 23:30.
    expect(sessions[2]).toMatchObject({
      open: at("2025-06-13", "09:00"),
      close: at("2025-06-13", "23:30"),
    });
    expect(
      recordedSessions(market, {}, { from: "2024-06-05", to: "2024-06-30" }).map((s) => s.day),
    ).toEqual(["2024-06-05"]);
  });
});

describe("RecordedFeed", () => {
  const feed = () =>
    new RecordedFeed(market, new ReplayTicks(market.allMinuteBars()), at("2025-06-13", "08:59"), {
      slippageTicks: 1,
    });

  it("replays the underlying's minutes as ticks from where it starts", async () => {
    const replay = new RecordedFeed(
      market,
      new ReplayTicks(market.allMinuteBars()),
      at("2024-06-04", "09:15"),
      {
        slippageTicks: 1,
      },
    );
    await replay.start();
    // The 09:15 bar's open is at or before the start: its ticks at :15, :30 and :45 follow.
    expect(replay.poll(at("2024-06-04", "09:17")).map((t) => t.price)).toEqual([
      23110, 23000, 23050, 23050, 23060, 22900, 22950,
    ]);
  });

  it("quotes a watched crude option at each recorded minute's close, once, with a one-tick book", async () => {
    const replay = feed();
    await replay.start();
    replay.watchOptions([contractKey(CONTRACT)]);
    expect(replay.pollQuotes(at("2025-06-13", "09:00") + 44_000)).toEqual([]);
    const first = at("2025-06-13", "09:00") + 45_000;
    expect(replay.pollQuotes(first)).toEqual([
      {
        key: "CRUDEOIL:2025-07-17:5500:CE",
        time: first,
        tradedAt: first,
        ltp: 100.5,
        bid: 100.4,
        ask: 100.6,
      },
    ]);
    // 09:01 did not trade: nothing new until 09:02 closes.
    expect(replay.pollQuotes(at("2025-06-13", "09:02") + 30_000)).toEqual([]);
    expect(replay.pollQuotes(at("2025-06-13", "09:03"))).toMatchObject([
      { ltp: 128.3, bid: 128.2, ask: 128.4 },
    ]);
    replay.watchOptions([]);
    expect(replay.pollQuotes(at("2025-06-13", "09:30"))).toEqual([]);
  });
});

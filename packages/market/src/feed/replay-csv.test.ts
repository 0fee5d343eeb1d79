import { describe, expect, it } from "vitest";
import { parseReplayCsv, ReplayCsvError } from "./replay-csv";

function errorOf(run: () => unknown): ReplayCsvError {
  try {
    run();
  } catch (error) {
    if (error instanceof ReplayCsvError) return error;
    throw error;
  }
  throw new Error("expected a ReplayCsvError");
}

describe("parseReplayCsv", () => {
  it("reads ISO times (India time without an offset), epoch seconds and epoch ms", () => {
    const text = [
      "time,open,high,low,close,volume",
      "2026-03-09T09:15:00,25000,25010,24990,25005,1200",
      "2026-03-09T09:16:00+05:30,25005,25020,25000,25015,900",
      "1773028080,25015,25016,25001,25002,500",
      "1773028140000,25002,25003,24998,25000,0",
      "",
    ].join("\r\n");
    const bars = parseReplayCsv(text, { symbol: "NIFTY" });
    expect(bars.map((bar) => new Date(bar.time).toISOString())).toEqual([
      "2026-03-09T03:45:00.000Z",
      "2026-03-09T03:46:00.000Z",
      "2026-03-09T03:48:00.000Z",
      "2026-03-09T03:49:00.000Z",
    ]);
    expect(bars[0]).toEqual({
      symbol: "NIFTY",
      time: Date.parse("2026-03-09T03:45:00Z"),
      open: 25000,
      high: 25010,
      low: 24990,
      close: 25005,
      volume: 1200,
    });
  });

  it("reads a file without volume (an index has none) with volume 0", () => {
    const [bar] = parseReplayCsv(
      "time,open,high,low,close\n2024-06-04T09:15:00+05:30,10,12,9,11\n",
      {
        symbol: "NIFTY",
      },
    );
    expect(bar).toEqual({
      symbol: "NIFTY",
      time: Date.parse("2024-06-04T03:45:00Z"),
      open: 10,
      high: 12,
      low: 9,
      close: 11,
      volume: 0,
    });
  });

  it("widens a bar whose range leaves out its open or close, when asked", () => {
    const text =
      "time,open,high,low,close\n2018-01-01T12:00:00+05:30,25540.7,25540.65,25515.3,25524.6\n";
    expect(() => parseReplayCsv(text, { symbol: "BANKNIFTY" })).toThrow(/high 25540.65 is below/);
    const [bar] = parseReplayCsv(text, { symbol: "BANKNIFTY", widen: true });
    expect(bar).toMatchObject({ open: 25540.7, high: 25540.7, low: 25515.3, close: 25524.6 });
  });

  it("takes the symbol from a symbol column, in any column order", () => {
    const text =
      "Symbol,Time,Volume,Open,High,Low,Close\ncrudeoil,2026-03-09 17:00,10,5500,5510,5490,5505\n";
    const [bar] = parseReplayCsv(text);
    expect(bar?.symbol).toBe("CRUDEOIL");
    expect(bar?.volume).toBe(10);
    expect(bar?.close).toBe(5505);
  });

  it.each([
    ["time,open,high,close,volume\n", 1, /lacks "low"/],
    [
      "time,open,high,low,close,volume\n2026-03-09T09:15,1,2,0.5,x,3\n",
      2,
      /close "x" is not a number/,
    ],
    ["time,open,high,low,close,volume\nyesterday,1,2,0.5,1,3\n", 2, /time "yesterday"/],
    ["time,open,high,low,close,volume\n\n2026-03-09T09:15,1,2,0.5,3,3\n", 3, /high 2 is below/],
    ["time,open,high,low,close,volume\n2026-03-09T09:15,1,2,1.5,1.8,3\n", 2, /low 1.5 is above/],
    ["time,open,high,low,close,volume\n2026-03-09T09:15,1,2,0.5,1.8\n", 2, /expected 6 fields/],
    ["time,open,high,low,close,volume\n2026-03-09T09:15,1,2,0.5,1.8,-1\n", 2, /negative/],
    [
      "time,open,high,low,close,volume\n2026-03-09T09:16,1,2,0.5,1,1\n2026-03-09T09:15,1,2,0.5,1,1\n",
      3,
      /does not increase/,
    ],
  ])("refuses a bad file with the line at fault (%#)", (text, line, message) => {
    const error = errorOf(() => parseReplayCsv(text, { symbol: "NIFTY" }));
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(`line ${line}: `)).toBe(true);
  });

  it("needs a symbol from somewhere, and refuses unknown ones", () => {
    expect(() => parseReplayCsv("time,open,high,low,close,volume\n")).toThrow(/no symbol/);
    const text = "symbol,time,open,high,low,close,volume\nSENSEX,2026-03-09T09:15,1,1,1,1,1\n";
    expect(errorOf(() => parseReplayCsv(text)).message).toBe('line 2: unknown symbol "SENSEX"');
  });
});

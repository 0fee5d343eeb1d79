/**
 * The signal card's Result & Counter as a subscriber reads it: the P&L is gross, before charges,
 * and marked at the bid while the trade is open; how the paper trade fills (the broker's bid and ask, or the
 * model price with its ticks of slippage); and, once entered, the slippage so far. Its stop: the
 * limit beside the Risk Marker, and which way the stop went once it triggered. The whole card on the
 * live screen, with its socket updates, is app/routes/live-trade.test.tsx.
 */
import type { SignalWire } from "@kalpa/contracts/signals";
import { signalFixture } from "@kalpa/testkit/signal";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { setLanguage } from "@/i18n";
import { SignalCard } from "./signal-card";

/** Tue 10 Mar 2026, 10:15 in India. */
const GENERATED_AT = Date.UTC(2026, 2, 10, 4, 45);

const WAITING: SignalWire = signalFixture({
  generatedAt: GENERATED_AT,
  // 195 × 0.97.
  stopLimit: 189.15,
  stopTriggeredAt: null,
  stopRested: false,
  priceSource: "model",
  slippageTicks: 1,
  slippage: null,
  updatedAt: GENERATED_AT,
});

const OPEN: SignalWire = {
  ...WAITING,
  status: "triggered",
  entryPrice: 212.55,
  entryTime: GENERATED_AT + 60_000,
  ltp: 220.4,
  pnlPoints: 7.8,
  pnl: 507,
  slippage: 3.25,
};

const CLOSED: SignalWire = {
  ...OPEN,
  status: "closed",
  closeReason: "stop",
  exitPrice: 194.9,
  exitTime: GENERATED_AT + 600_000,
  stopTriggeredAt: GENERATED_AT + 600_000,
  ltp: 194.9,
  pnlPoints: -17.65,
  pnl: -1147.25,
  slippage: 9.75,
};

const MARKET = { exchange: "NSE", active: true };

function renderCard(signal: SignalWire, label = "KalpaVruksha signal") {
  // In a router: the model version links to the model's card.
  render(
    <MemoryRouter>
      <SignalCard model="Nifty:KalpaVruksha" signal={signal} market={MARKET} />
    </MemoryRouter>,
  );
  return within(screen.getByRole("region", { name: label }));
}

describe("the signal card's Result & Counter", () => {
  it("says the open trade's P&L is gross, before charges, marked at the bid, with its fills and slippage so far", () => {
    const card = renderCard(OPEN);
    expect(card.getByText("Result & Counter")).toBeTruthy();
    expect(card.getByTestId("signal-pnl").textContent).toBe("₹507");
    expect(card.getByTestId("signal-pnl-basis").textContent).toBe(
      "Gross P&L, before charges · marked at the bid: what selling now would give",
    );
    // The prices' source stays beside the LTP; the fills say how the trade fills.
    expect(card.getByTestId("price-source").textContent).toMatch(/^Model price: /);
    const fills = card.getByTestId("signal-fills");
    expect(fills.textContent).toBe(
      "Model price ±1 tick: No broker quote: the ask is 1 tick above the model price and the bid 1 tick below",
    );
    expect(fills.getAttribute("title")).toBe(
      "No broker quote: the ask is 1 tick above the model price and the bid 1 tick below",
    );
    expect(card.getByText("Fills")).toBeTruthy();
    expect(card.getByText("Slippage so far")).toBeTruthy();
    const slippage = card.getByTestId("signal-slippage");
    expect(slippage.textContent).toBe(
      "₹3.25: What the fills cost against their reference prices; already inside the gross P&L",
    );
  });

  it("says how a waiting signal will fill, and shows no slippage before the entry", () => {
    const card = renderCard({ ...WAITING, slippageTicks: 2 });
    expect(card.getByTestId("signal-pnl").textContent).toBe("—");
    expect(card.getByTestId("signal-pnl-basis").textContent).toBe("Gross P&L, before charges");
    expect(card.getByTestId("signal-fills").textContent).toMatch(/^Model price ±2 ticks: /);
    expect(card.queryByTestId("signal-slippage")).toBeNull();
    expect(card.queryByText(/Slippage/)).toBeNull();
  });

  it("says a closed trade's gross P&L and slippage without marking it at the bid", () => {
    const card = renderCard(CLOSED);
    expect(card.getByTestId("signal-pnl").textContent).toBe("-₹1,147.25");
    expect(card.getByTestId("signal-pnl-basis").textContent).toBe("Gross P&L, before charges");
    expect(card.getByText("Slippage")).toBeTruthy();
    expect(card.queryByText("Slippage so far")).toBeNull();
    expect(card.getByTestId("signal-slippage").textContent).toMatch(/^₹9.75: /);
  });

  it("says Broker bid/ask on a signal priced from its contract's quotes", () => {
    const card = renderCard({ ...OPEN, priceSource: "quote", slippageTicks: null, slippage: 6.5 });
    expect(card.getByTestId("price-source").textContent).toMatch(/^Broker quote: /);
    expect(card.getByTestId("signal-fills").textContent).toBe(
      "Broker bid/ask: Enters with a buy limit at the Initiated Zone's high (at the ask when the ask is already there or lower); exits at the bid (at the target itself when it is reached; a stop no lower than its limit)",
    );
    expect(card.getByTestId("signal-slippage").textContent).toMatch(/^₹6.5: /);
  });

  it("says Recorded price, never a broker's quote, on a quote-priced signal of a replay of recorded prices", () => {
    render(
      <MemoryRouter>
        <SignalCard
          model="Nifty:KalpaVruksha"
          signal={{ ...OPEN, priceSource: "quote", slippageTicks: null, slippage: 0.1 }}
          market={MARKET}
          recorded
        />
      </MemoryRouter>,
    );
    const card = within(screen.getByRole("region", { name: "KalpaVruksha signal" }));
    expect(card.getByTestId("price-source").textContent).toBe(
      "Recorded price: Premium from the contract's recorded trades, replayed: not a live quote",
    );
    expect(card.getByTestId("signal-fills").textContent).toMatch(
      /^Recorded close ± slippage: A replay of recorded prices, which hold trades but no order book/,
    );
    expect(card.queryByText(/Broker/)).toBeNull();
  });

  it("says Model price alone on a model-priced signal made before slippage was recorded", () => {
    const card = renderCard({ ...OPEN, slippageTicks: undefined, slippage: undefined });
    expect(card.getByTestId("signal-fills").textContent).toBe(
      "Model price: At the model price itself, with no slippage",
    );
    expect(card.queryByTestId("signal-slippage")).toBeNull();
  });

  it("says nothing of the fills when the signal does not say where its prices come from", () => {
    const card = renderCard({
      ...OPEN,
      priceSource: undefined,
      slippageTicks: undefined,
      slippage: undefined,
    });
    expect(card.queryByTestId("signal-fills")).toBeNull();
    expect(card.queryByTestId("signal-slippage")).toBeNull();
    expect(card.getByTestId("signal-pnl-basis").textContent).toMatch(/^Gross P&L, before charges/);
  });

  it("names the version of the model that made it, linked to the model's card", () => {
    const version = renderCard(OPEN).getByTestId("signal-model-version");
    expect(version.textContent).toBe("Model version 5b5cc1a75ae5");
    expect(version.getAttribute("href")).toBe("/models/nifty-kalpavruksha");
  });

  it("says an operator's manual signal is not a model version's", () => {
    const card = renderCard({ ...OPEN, modelVersion: "manual" });
    expect(card.getByTestId("signal-model-version").textContent).toBe(
      "Manual signal from the operator",
    );
  });

  it("says it in Telugu", async () => {
    await setLanguage("te");
    const card = renderCard(OPEN, "KalpaVruksha సిగ్నల్");
    expect(card.getByTestId("signal-model-version").textContent).toBe("మోడల్ వెర్షన్ 5b5cc1a75ae5");
    expect(card.getByText("ఫలితం & కౌంటర్")).toBeTruthy();
    expect(card.getByTestId("signal-pnl-basis").textContent).toBe(
      "స్థూల P&L, ఛార్జీలకు ముందు · బిడ్ ధర వద్ద లెక్క: ఇప్పుడు అమ్మితే వచ్చేది",
    );
    expect(card.getByTestId("signal-fills").textContent).toMatch(/^మోడల్ ధర ±1 టిక్: /);
    expect(card.getByText("ఇప్పటివరకు స్లిప్పేజ్")).toBeTruthy();
  });
});

describe("the signal card's stop (a stop-loss-limit order)", () => {
  /** The stop triggered at 10:25 India time with the price already below its limit. */
  const TRIGGERED_AT = GENERATED_AT + 600_000;
  const RESTING: SignalWire = {
    ...OPEN,
    ltp: 180,
    pnlPoints: -32.6,
    pnl: -2119,
    stopTriggeredAt: TRIGGERED_AT,
    stopRested: true,
  };
  const stopLine = (card: ReturnType<typeof renderCard>) => card.getByTestId("signal-stop");

  it("shows the limit under the Risk Marker, and nothing of the stop before it triggers", () => {
    const card = renderCard(OPEN);
    expect(card.getByTestId("signal-stop-limit").textContent).toBe("Limit ₹189.15");
    expect(card.queryByTestId("signal-stop")).toBeNull();
  });

  it("says a stop that gapped below its limit is resting, the trade open, and until when", () => {
    const card = renderCard(RESTING);
    const line = stopLine(card);
    expect(line.dataset.stop).toBe("resting");
    expect(line.getAttribute("role")).toBe("status");
    expect(line.textContent).toBe(
      "Stop triggered, resting: price gapped below the limit. Stop triggered at 10:25:00 IST" +
        "The stop-loss-limit order sells no lower than ₹189.15. The trade stays open, marked at the bid, until the bid comes back to the limit, the target or the square-off.",
    );
    expect(card.getByTestId("signal-status").textContent).toBe("Triggered · trade open");
  });

  it("says a stop filled within its limit when it triggered", () => {
    const line = stopLine(renderCard(CLOSED));
    expect(line.dataset.stop).toBe("filled");
    expect(line.textContent).toMatch(/^Stop filled within its limit\. /);
    expect(line.getAttribute("role")).toBeNull();
  });

  it("says a stop that rested filled at the limit when the bid came back", () => {
    const card = renderCard({
      ...RESTING,
      status: "closed",
      closeReason: "stop",
      exitPrice: 189.15,
    });
    expect(stopLine(card).dataset.stop).toBe("filled-at-limit");
    expect(stopLine(card).textContent).toMatch(/^Stop filled at the limit after resting\. /);
    expect(stopLine(card).textContent).toContain("gapped below the limit of ₹189.15");
  });

  it("says a trade squared off with its stop still resting", () => {
    const card = renderCard({ ...RESTING, status: "closed", closeReason: "eod", exitPrice: 178 });
    expect(stopLine(card).dataset.stop).toBe("squared-off");
    expect(stopLine(card).textContent).toMatch(
      /^Squared off with the stop resting: the price stayed below the limit\. /,
    );
    expect(card.getByTestId("signal-status").textContent).toBe("Closed at end of day");
  });

  it("says nothing of a stop on a signal made before stops were recorded", () => {
    const card = renderCard({
      ...CLOSED,
      stopLimit: undefined,
      stopTriggeredAt: undefined,
      stopRested: undefined,
    });
    expect(card.queryByTestId("signal-stop")).toBeNull();
    expect(card.queryByTestId("signal-stop-limit")).toBeNull();
  });

  it("says it in Telugu", async () => {
    await setLanguage("te");
    const card = renderCard(RESTING, "KalpaVruksha సిగ్నల్");
    expect(stopLine(card).textContent).toMatch(
      /^స్టాప్ ట్రిగ్గర్ అయింది, వేచి ఉంది: ధర లిమిట్ కంటే కిందకు గ్యాప్ అయింది\. /,
    );
    expect(card.getByTestId("signal-stop-limit").textContent).toBe("లిమిట్ ₹189.15");
    await setLanguage("en");
  });
});

describe("the signal card's Timing detail", () => {
  const decidedAt = GENERATED_AT + 5_000;
  const TIMED: SignalWire = {
    ...OPEN,
    timing: [
      {
        event: "generated",
        ledger: { seq: 1234, hash: `3fa9c01b2d4e${"0".repeat(52)}` },
        // 10:15:03.120 in India.
        tickAt: GENERATED_AT + 3_120,
        decidedAt,
        decidedAfterMs: 4,
        committedAt: decidedAt + 7,
        sends: [
          { channel: "push", firstAt: decidedAt + 296, lastAt: decidedAt + 296, count: 1 },
          { channel: "telegram", firstAt: decidedAt + 1_196, lastAt: decidedAt + 2_496, count: 3 },
        ],
      },
      {
        event: "triggered",
        ledger: null,
        tickAt: null,
        decidedAt: null,
        decidedAfterMs: null,
        committedAt: null,
        sends: [],
      },
    ],
  };

  it("lists each transition's ledger entry and its moments after the deciding tick, closed until opened", () => {
    let opened = 0;
    render(
      <MemoryRouter>
        <SignalCard
          model="Nifty:KalpaVruksha"
          signal={TIMED}
          market={MARKET}
          onTimingOpen={() => opened++}
        />
      </MemoryRouter>,
    );
    const card = within(screen.getByRole("region", { name: "KalpaVruksha signal" }));
    const details = card.getByTestId("signal-timing") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(card.getByText("Timing").tagName).toBe("SUMMARY");
    const [generated, triggered] = within(details).getAllByRole("listitem");
    expect(within(generated as HTMLElement).getByTestId("timing-ledger").textContent).toBe(
      "Ledger #1234 · 3fa9c01b2d4e",
    );
    expect(within(generated as HTMLElement).getByTestId("timing-line").textContent).toBe(
      "Tick 10:15:03.120 · decided +4 ms · committed +11 ms · push +0.3 s · Telegram +1.2 s to +2.5 s",
    );
    // A transition recorded before the stamps were kept says so, and names no entry.
    expect(within(triggered as HTMLElement).queryByTestId("timing-ledger")).toBeNull();
    expect(within(triggered as HTMLElement).getByTestId("timing-line").textContent).toBe(
      "Recorded before timings were kept.",
    );
    // Opening it asks for the signal again (sends made since it arrived).
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    expect(opened).toBe(1);
  });

  it("is not there for a signal without timings", () => {
    const card = renderCard(OPEN);
    expect(card.queryByTestId("signal-timing")).toBeNull();
  });
});

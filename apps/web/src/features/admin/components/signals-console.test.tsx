import { MODEL_IDS, type ModelId } from "@kalpa/contracts/names";
import type { AdminSignals, SignalWire } from "@kalpa/contracts/signals";
import { signalFixture } from "@kalpa/testkit/signal";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TEST_ADMIN } from "@/test/admin";
import { fail, type MockHandlers, type MockReply, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

const SLOW = { timeout: 5000 };
/** 20 Nov 2026, 10:32:15 in India. */
const GENERATED = Date.parse("2026-11-20T10:32:15+05:30");

function wireSignal(overrides: Partial<SignalWire> = {}): SignalWire {
  return signalFixture({
    id: `Nifty:KalpaVruksha@${GENERATED}`,
    model: "Nifty:KalpaVruksha",
    name: "KalpaVruksha",
    instrument: "Nifty",
    symbol: "NIFTY",
    day: "2026-11-20",
    generatedAt: GENERATED,
    expiry: "2026-11-24",
    strike: 25_000,
    lotSize: 75,
    lots: 2,
    premium: 120,
    premiumPerLot: 9_000,
    entryLow: 118,
    entryHigh: 122,
    target: 150,
    stopLoss: 100,
    status: "triggered",
    ltp: 131.5,
    entryPrice: 121,
    entryTime: GENERATED + 60_000,
    pnlPoints: 10.5,
    pnl: 1_575,
    reason: "RSI above 60",
    updatedAt: GENERATED + 120_000,
    ...overrides,
  });
}

function adminSignals(
  signals: Partial<Record<ModelId, SignalWire>> = {},
  engineRunning: boolean | null = true,
): AdminSignals {
  return {
    day: "2026-11-20",
    engineRunning,
    signals: MODEL_IDS.map((model) => ({ model, signal: signals[model] ?? null })),
  };
}

function renderSignals(api: MockHandlers = {}) {
  return renderApp("/admin?view=signals", {
    session: TEST_ADMIN,
    api: {
      "GET /api/admin/signals": () =>
        ok(
          adminSignals({
            "Nifty:KalpaVruksha": wireSignal(),
            "BankNifty:HFT": wireSignal({
              id: "BankNifty:HFT@1",
              model: "BankNifty:HFT",
              name: "HFT",
              instrument: "BankNifty",
              symbol: "BANKNIFTY",
              strike: 52_000,
              optionType: "PE",
              status: "closed",
              closeReason: "stop",
              ltp: 96,
              pnl: -750,
            }),
          }),
        ),
      ...api,
    },
  });
}

function region(name: string) {
  return within(screen.getByRole("region", { name }));
}

/** The manual-signal form filled with a valid BUY for Nifty. */
async function fillManual(user: ReturnType<typeof userEvent.setup>, values = {}) {
  const fields = {
    Strike: "25000",
    "Entry zone low (₹)": "118",
    "Entry zone high (₹)": "122",
    "Target (₹)": "150",
    "Stop loss (₹)": "100",
    ...values,
  };
  const form = region("Manual signal");
  await user.selectOptions(form.getByRole("combobox", { name: "Model" }), "Nifty:KalpaVruksha");
  for (const [label, value] of Object.entries(fields)) {
    const input = form.getByRole("spinbutton", { name: new RegExp(`^${escapeRegExp(label)}`) });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return form;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("the console's Signals view", () => {
  it("shows each model's signal of the day, or none, and the engine's state", async () => {
    const { api } = renderSignals();
    await screen.findByRole("region", { name: "Signals" }, SLOW);
    const panel = region("Signals");
    await panel.findByText(/Running/);
    expect(panel.getByText(/market day 20 Nov 2026/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Signals" }).getAttribute("aria-current")).toBe("page");

    const cards = panel.getAllByRole("article");
    expect(
      cards.map((card) => within(card).getByRole("heading", { level: 3 }).textContent),
    ).toEqual([...MODEL_IDS]);
    const nifty = within(panel.getByRole("article", { name: "Nifty:KalpaVruksha" }));
    const figures = nifty
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ["Contract", "NIFTY 25,000 CE 2 lot(s) of 75"],
      ["Entry zone", "₹118 – ₹122"],
      ["Target", "₹150"],
      ["Stop loss", "₹100"],
      ["LTP", "₹131.5"],
      ["P/L", "₹1,575"],
      ["Generated", "10:32:15 IST"],
    ]);
    expect(nifty.getByText("Open")).toBeTruthy();
    const hft = within(panel.getByRole("article", { name: "BankNifty:HFT" }));
    expect(hft.getByText("Closed at stop")).toBeTruthy();
    expect(hft.getByText("BANKNIFTY 52,000 PE", { exact: false })).toBeTruthy();
    expect(hft.getByText("-₹750")).toBeTruthy();
    expect(
      within(panel.getByRole("article", { name: "CrudeOil:Yamuna" })).getByText(
        "No signal yet today.",
      ),
    ).toBeTruthy();
    // Asked again every few seconds.
    await waitFor(() => expect(api.callsTo("GET /api/admin/signals").length).toBeGreaterThan(1), {
      timeout: 8000,
    });
  }, 15_000);

  it("says when no engine runs", async () => {
    renderSignals({ "GET /api/admin/signals": () => ok(adminSignals({}, false)) });
    expect(await screen.findByText("Not running", {}, SLOW)).toBeTruthy();
  });

  it("squares off every open signal only after the confirmation, and shows the server's answer", async () => {
    const user = userEvent.setup();
    let answer: MockReply = ok({ changed: 2 }, "2 signal(s) squared off.");
    const { api } = renderSignals({ "POST /api/paper/force-eod-close": () => answer });
    const panel = await screen.findByRole("region", { name: "Square off now" }, SLOW);
    const button = within(panel).getByRole("button", { name: "Force EOD close" });

    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Square off every open signal now?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST /api/paper/force-eod-close")).toHaveLength(0);
    expect(document.activeElement).toBe(button);

    const fetchedBefore = api.callsTo("GET /api/admin/signals").length;
    await user.click(button);
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Force EOD close" }),
    );
    expect(await within(panel).findByText("2 signal(s) squared off.")).toBeTruthy();
    expect(api.callsTo("POST /api/paper/force-eod-close")).toHaveLength(1);
    await waitFor(() =>
      expect(api.callsTo("GET /api/admin/signals").length).toBeGreaterThan(fetchedBefore),
    );

    answer = fail(503, "The signal engine is not running.");
    await user.click(button);
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Force EOD close" }),
    );
    expect(await within(panel).findByText("The signal engine is not running.")).toBeTruthy();
    expect(within(panel).queryByText("2 signal(s) squared off.")).toBeNull();
  });

  it("checks the manual signal before sending it, beside each field", async () => {
    const user = userEvent.setup();
    const { api } = renderSignals();
    await screen.findByRole("region", { name: "Manual signal" }, SLOW);
    // A field missing first (the schema's rules across fields wait for every field to be there).
    const form = await fillManual(user, {
      Strike: "25025",
      "Target (₹)": "120",
      "Stop loss (₹)": "",
    });
    await user.click(form.getByRole("button", { name: "Send signal" }));
    const stopLoss = form.getByRole("spinbutton", { name: /^Stop loss/ });
    expect(stopLoss.getAttribute("aria-invalid")).toBe("true");
    expect(stopLoss.getAttribute("aria-describedby")).toContain(
      form.getByText("Stop loss must be a premium in rupees.").id,
    );
    expect(form.getByRole("alert").textContent).toContain("Check the highlighted fields.");

    // Editing a field clears its message; the rules across fields then speak.
    await user.type(stopLoss, "100");
    expect(form.queryByText("Stop loss must be a premium in rupees.")).toBeNull();
    await user.click(form.getByRole("button", { name: "Send signal" }));
    const strike = form.getByRole("spinbutton", { name: /^Strike/ });
    expect(strike.getAttribute("aria-invalid")).toBe("true");
    expect(strike.getAttribute("aria-describedby")).toContain(
      form.getByText("Strike must be a multiple of 50 for Nifty:KalpaVruksha.").id,
    );
    const target = form.getByRole("spinbutton", { name: /^Target/ });
    expect(target.getAttribute("aria-describedby")).toContain(
      form.getByText("A BUY's target must be above the entry zone high.").id,
    );
    expect(
      form.getByRole("spinbutton", { name: /^Entry zone low/ }).getAttribute("aria-invalid"),
    ).toBeNull();
    expect(form.getByRole("alert").textContent).toContain("Check the highlighted fields.");
    expect(api.callsTo("POST /api/paper/signal")).toHaveLength(0);

    // Editing a field clears its message.
    await user.clear(strike);
    await user.type(strike, "25000");
    expect(form.queryByText("Strike must be a multiple of 50 for Nifty:KalpaVruksha.")).toBeNull();
  });

  it("shows the server's refusal of a field beside that field", async () => {
    const user = userEvent.setup();
    const message =
      "The strike must be within 10% of NIFTY's current price (24,612.35): 22,150 to 27,050.";
    renderSignals({
      "POST /api/paper/signal": () => ({
        status: 400,
        body: {
          success: false,
          error: message,
          code: "VALIDATION_ERROR",
          issues: [{ path: "strike", message }],
        },
      }),
    });
    await screen.findByRole("region", { name: "Manual signal" }, SLOW);
    const form = await fillManual(user);
    await user.click(form.getByRole("button", { name: "Send signal" }));
    const strike = form.getByRole("spinbutton", { name: /^Strike/ });
    const beside = await form.findByText(message);
    expect(strike.getAttribute("aria-invalid")).toBe("true");
    expect(strike.getAttribute("aria-describedby")).toContain(beside.id);
    // Told once, beside the field, not again above the form.
    expect(form.queryByRole("alert")).toBeNull();
  });

  it("shows a conflict above the form", async () => {
    const user = userEvent.setup();
    const conflict =
      "Nifty:KalpaVruksha already has an active signal; square it off before sending another.";
    renderSignals({ "POST /api/paper/signal": () => fail(409, conflict) });
    await screen.findByRole("region", { name: "Manual signal" }, SLOW);
    const form = await fillManual(user);
    await user.click(form.getByRole("button", { name: "Send signal" }));
    expect((await form.findByRole("alert")).textContent).toContain(conflict);
    expect(
      form.getByRole("spinbutton", { name: /^Strike/ }).getAttribute("aria-invalid"),
    ).toBeNull();
  });

  it("sends a valid manual signal, shows the server's message and fetches the signals again", async () => {
    const user = userEvent.setup();
    const { api } = renderSignals({
      "POST /api/paper/signal": () => ({
        status: 201,
        body: {
          success: true,
          data: { signal: wireSignal({ status: "generated", ltp: null, pnl: null }) },
          message: "Manual signal sent.",
        },
      }),
    });
    await screen.findByRole("region", { name: "Manual signal" }, SLOW);
    const form = await fillManual(user, { "Lots (optional)": "2" });
    await user.click(form.getByRole("radio", { name: "PE" }));
    const fetchedBefore = api.callsTo("GET /api/admin/signals").length;
    await user.click(form.getByRole("button", { name: "Send signal" }));
    expect(await form.findByText("Manual signal sent.")).toBeTruthy();
    expect(api.callsTo("POST /api/paper/signal")[0]?.body).toEqual({
      model: "Nifty:KalpaVruksha",
      optionType: "PE",
      strike: 25_000,
      entryLow: 118,
      entryHigh: 122,
      target: 150,
      stopLoss: 100,
      lots: 2,
    });
    await waitFor(() =>
      expect(api.callsTo("GET /api/admin/signals").length).toBeGreaterThan(fetchedBefore),
    );
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

const TITLE = "Frequently Asked Questions";

async function openFromFaqPage() {
  const user = userEvent.setup();
  renderApp("/faq");
  await user.click(await screen.findByRole("button", { name: "Open the FAQ" }));
  const dialog = await screen.findByRole("dialog", { name: TITLE });
  return { user, dialog };
}

function questions(dialog: HTMLElement): HTMLElement[] {
  return within(dialog)
    .getAllByRole("button", { expanded: false, hidden: false })
    .concat(within(dialog).queryAllByRole("button", { expanded: true }));
}

function openAnswers(dialog: HTMLElement): string[] {
  return within(dialog)
    .queryAllByRole("region")
    .map((region) => region.getAttribute("aria-labelledby") ?? "")
    .map((id) => document.getElementById(id)?.textContent ?? "");
}

describe("FAQ modal", () => {
  it("/faq is the bare heading page with a button that opens the thirteen questions", async () => {
    const { dialog } = await openFromFaqPage();
    expect(screen.queryByRole("heading", { level: 1, name: "FAQ" })).toBeNull(); // hidden under the modal
    expect(questions(dialog)).toHaveLength(13);
    expect(within(dialog).getByRole("button", { name: "What is Acme Markets?" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Is this investment advice?" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Which forecasts are free?" })).toBeTruthy();
    expect(openAnswers(dialog)).toEqual([]);
  });

  it("keeps one answer open at a time", async () => {
    const { user, dialog } = await openFromFaqPage();
    const first = within(dialog).getByRole("button", { name: "Is this investment advice?" });
    const second = within(dialog).getByRole("button", { name: "Which models are there?" });

    await user.click(first);
    expect(first.getAttribute("aria-expanded")).toBe("true");
    expect(openAnswers(dialog)).toEqual(["Is this investment advice?"]);
    expect(within(dialog).getByRole("region").textContent).toMatch(/not a recommendation/);

    await user.click(second);
    expect(first.getAttribute("aria-expanded")).toBe("false");
    expect(second.getAttribute("aria-expanded")).toBe("true");
    expect(openAnswers(dialog)).toEqual(["Which models are there?"]);
    expect(within(dialog).getByRole("region").textContent).toMatch(/KalpaVruksha.*HFT.*Yamuna/);

    await user.click(second);
    expect(openAnswers(dialog)).toEqual([]);
  });

  it("closes with its close button and returns focus to the opener", async () => {
    const { user, dialog } = await openFromFaqPage();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open the FAQ" })),
    );
  });

  it("closes on a click on the backdrop, and opens again with every answer folded", async () => {
    const { user, dialog } = await openFromFaqPage();
    await user.click(within(dialog).getByRole("button", { name: "Which forecasts are free?" }));
    const backdrop = dialog.previousElementSibling as HTMLElement;
    expect(backdrop.className).toContain("fixed inset-0");
    await user.click(backdrop);
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Open the FAQ" }));
    const again = await screen.findByRole("dialog", { name: TITLE });
    expect(openAnswers(again)).toEqual([]);
  });

  it("is reachable from the navigation bar on any page, in Telugu too", async () => {
    const user = userEvent.setup();
    renderApp("/paper-trade");
    await user.click(
      within(screen.getByRole("contentinfo")).getByRole("button", { name: "తెలుగు" }),
    );
    const nav = await screen.findByRole("navigation", { name: "ప్రధాన" });
    await user.click(within(nav).getByRole("button", { name: /FAQ|ప్రశ్న/ }));
    const dialog = await screen.findByRole("dialog", { name: "తరచుగా అడిగే ప్రశ్నలు" });
    expect(questions(dialog)).toHaveLength(13);
  });
});

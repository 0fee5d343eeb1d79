import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

const SLOW = { timeout: 5000 };

function summary() {
  return within(screen.getByRole("complementary", { name: "Summary" }));
}

describe("/trading-services", () => {
  it("chooses one service, sums it up, and Proceed passes it to the Contribution page", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/trading-services");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Educational Services" }, SLOW),
    ).toBeTruthy();
    const proceed = summary().getByRole("button", { name: "Proceed" });
    expect(proceed).toHaveProperty("disabled", true);
    expect(summary().getByText("No service chosen yet. Choose one to continue.")).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: "BankNifty" }));
    expect(screen.getByRole("radio", { name: "BankNifty" })).toHaveProperty("checked", true);
    expect(summary().getByText("BankNifty")).toBeTruthy();
    expect(summary().getByText("₹4,999 per month")).toBeTruthy();

    // One service at a time.
    await user.click(screen.getByRole("radio", { name: "Nifty" }));
    expect(screen.getByRole("radio", { name: "BankNifty" })).toHaveProperty("checked", false);
    expect(summary().getByText("Nifty")).toBeTruthy();

    await user.click(proceed);
    await waitFor(() => expect(router.location.pathname).toBe("/whatsapp-contact"));
    expect(router.location.search).toBe("?service=nifty");
  });

  it("describes each tile: what it covers, its modules and its price", async () => {
    renderApp("/trading-services");
    const radio = await screen.findByRole("radio", { name: "BankNifty" }, SLOW);
    const details = document.getElementById(radio.getAttribute("aria-describedby") ?? "");
    expect(details?.textContent).toContain("Modules: KalpaVruksha, HFT");
    expect(details?.textContent).toContain("Exchange: NSE");
    expect(details?.textContent).toContain("₹4,999 per month");
  });

  it("offers the tiles as one group of native radio buttons (arrow keys move the choice)", async () => {
    renderApp("/trading-services?service=nifty");
    const nifty = await screen.findByRole("radio", { name: "Nifty" }, SLOW);
    expect(nifty).toHaveProperty("checked", true);
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    expect(screen.getByRole("group", { name: "Research services" })).toBeTruthy();
    expect(summary().getByText("Nifty")).toBeTruthy();
  });

  it("shows the site's bar, unless asked to hide it (opened from the dashboard)", async () => {
    const first = renderApp("/trading-services");
    await screen.findByRole("heading", { level: 1, name: "Educational Services" }, SLOW);
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Back to Dashboard" })).toBeNull();
    first.unmount();

    renderApp("/trading-services?hideNav=1");
    await screen.findByRole("heading", { level: 1, name: "Educational Services" }, SLOW);
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
  });

  it("ignores a service it does not know", async () => {
    renderApp("/trading-services?service=gold");
    await screen.findByRole("heading", { level: 1, name: "Educational Services" }, SLOW);
    expect(screen.getAllByRole("radio").some((radio) => (radio as HTMLInputElement).checked)).toBe(
      false,
    );
  });
});

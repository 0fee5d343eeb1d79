import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fail, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

const SLOW = { timeout: 5000 };
const EXPORT = {
  exportedAt: "2026-01-02T03:04:05.000Z",
  profile: { name: "Asha Rao", username: "asha_rao" },
  access: [],
  contributions: [],
  riskDisclosure: null,
  sessions: [],
};

function section(name: string) {
  return within(screen.getByRole("region", { name }));
}

/** Records the downloads the page starts (an object URL clicked through a link with `download`). */
function captureDownloads() {
  const downloads: Array<{ name: string; href: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.stubGlobal(
    "URL",
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        next += 1;
        const href = `blob:test/${next}`;
        blobs.set(href, blob);
        return href;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, href: this.href, blob: blobs.get(this.href) as Blob });
  });
  return downloads;
}

describe("settings", () => {
  it("shows Access Details with the real state and General Settings", async () => {
    renderApp("/settings");
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" }, SLOW)).toBeTruthy();
    const access = section("Access Details");
    expect(await access.findByText("No active access yet")).toBeTruthy();
    // No refunds: no list.
    expect(screen.queryByRole("list", { name: "Refunds" })).toBeNull();
    expect(access.getByText("₹4,999 per instrument per month")).toBeTruthy();
    expect(screen.queryByText(/Professional Access|Pro\b/)).toBeNull();
    const general = section("General Settings");
    expect(general.getByRole("link", { name: "Edit profile" }).getAttribute("href")).toBe(
      "/profile",
    );
    expect(general.getByRole("button", { name: "తెలుగు" })).toBeTruthy();
  });

  it("sends Change and Upgrade Plan to /trading-services", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/settings");
    const change = await screen.findByRole("link", { name: "Change" }, SLOW);
    expect(change.getAttribute("href")).toBe("/trading-services");
    expect(screen.getByRole("link", { name: "Upgrade Plan" }).getAttribute("href")).toBe(
      "/trading-services",
    );
    await user.click(screen.getByRole("link", { name: "Upgrade Plan" }));
    await waitFor(() => expect(router.location.pathname).toBe("/trading-services"));
  });

  it("Export downloads the user's data as JSON under the server's file name", async () => {
    const user = userEvent.setup();
    const { api } = renderApp("/settings", {
      api: { "GET /api/account/export": () => ({ status: 200, body: EXPORT }) },
    });
    const button = await screen.findByRole("button", { name: "Export" }, SLOW);
    // The mock API cannot set headers: wrap it to add the attachment's.
    const mocked = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await mocked(input, init);
      if (!String(input).endsWith("/api/account/export")) return response;
      const headers = new Headers(response.headers);
      headers.set(
        "content-disposition",
        'attachment; filename="kalpa-account-asha_rao-2026-01-02.json"',
      );
      return new Response(await response.text(), { status: response.status, headers });
    });
    const downloads = captureDownloads();
    await user.click(button);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(api.callsTo("GET /api/account/export")).toHaveLength(1);
    const download = downloads[0] as (typeof downloads)[number];
    expect(download.name).toBe("kalpa-account-asha_rao-2026-01-02.json");
    expect(download.blob.type).toBe("application/json");
    expect(JSON.parse(await download.blob.text())).toEqual(EXPORT);
    expect(await screen.findByText("Your data was downloaded.")).toBeTruthy();
  });

  it("says so when the export fails, and downloads nothing", async () => {
    const user = userEvent.setup();
    renderApp("/settings", {
      api: { "GET /api/account/export": () => fail(500, "Something went wrong on our side.") },
    });
    const downloads = captureDownloads();
    await user.click(await screen.findByRole("button", { name: "Export" }, SLOW));
    expect(await screen.findByText("Something went wrong on our side.")).toBeTruthy();
    expect(downloads).toHaveLength(0);
  });

  it("is embedded in the dashboard", async () => {
    renderApp("/dashboard?section=settings", {
      api: {
        "GET /api/profile": () =>
          ok({
            name: "Asha Rao",
            username: "asha_rao",
            email: "a@example.com",
            mobile: "9876543210",
            profileImage: null,
          }),
      },
    });
    expect(await screen.findByRole("heading", { name: "Access Details" }, SLOW)).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Dashboard" })).toBeTruthy();
    // The dashboard has no site bar: the services open without it too, with their own way back.
    expect(screen.getByRole("link", { name: "Change" }).getAttribute("href")).toBe(
      "/trading-services?hideNav=1",
    );
  });
});

describe("settings: refunds", () => {
  it("lists the refunds of access ended early", async () => {
    renderApp("/settings", {
      api: {
        "GET /api/account/refunds": () =>
          ok({
            refunds: [
              {
                instrument: "Nifty",
                amountRupees: 1935,
                paidRupees: 3000,
                daysLeft: 20,
                periodDays: 31,
                periodStart: "2026-11-28",
                previousLastDay: "2026-12-28",
                endedOn: "2026-12-08",
                reason: "",
                recordedAt: "2026-12-08T09:30:00.000Z",
              },
            ],
          }),
      },
    });
    const list = await screen.findByRole("list", { name: "Refunds" }, SLOW);
    expect(list.textContent).toBe("₹1,935 for Nifty: access ended on 8 Dec 2026 with 20 days left");
  });
});

import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LANGUAGE_STORAGE_KEY } from "@/i18n";
import { renderApp, TEST_SITE } from "@/test/render-app";

/** A visitor's bar, in order, where every rule lets everything show (FAQ is a button, not a link). */
const ALL_NAV_LINKS = [
  "Home",
  "Paper Trade",
  "Forecasts",
  "Contribution",
  "Contact Us",
  "Login",
  "Register",
] as const;

async function mainNav() {
  return screen.findByRole("navigation", { name: "Main" });
}

function navLinkNames(nav: HTMLElement): string[] {
  return within(nav)
    .queryAllByRole("link")
    .map((link) => link.textContent ?? "");
}

function without(...hidden: string[]): string[] {
  return ALL_NAV_LINKS.filter((name) => !hidden.includes(name));
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  });
}

describe("navigation bar", () => {
  it("sits in the page on home (not an overlay) and has no Home link", async () => {
    renderApp("/");
    const nav = await mainNav();
    expect(navLinkNames(nav)).toEqual(without("Home"));
    expect(screen.getByRole("banner").dataset.overlay).toBe("false");
    expect(screen.getByRole("main").className).not.toContain("pt-16");
    expect(within(nav).getByRole("link", { name: "Contribution" }).getAttribute("href")).toBe(
      "/whatsapp-contact",
    );
    expect(within(nav).getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
      "/signup",
    );
  });

  it("is an overlay off home, with Home, and leaves the top of the page clear", async () => {
    renderApp("/paper-trade");
    const nav = await mainNav();
    const banner = screen.getByRole("banner");
    expect(banner.dataset.overlay).toBe("true");
    expect(banner.className).toContain("fixed");
    expect(screen.getByRole("main").className).toContain("pt-16");
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
  });

  it("is not shown on the dashboard", async () => {
    renderApp("/dashboard");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Open menu" })).toBeNull();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
  });

  it.each([
    ["/paper-trade", ["Paper Trade"]],
    ["/forecasts", ["Forecasts"]],
    ["/whatsapp-contact", ["Contribution"]],
    ["/contact", ["Contact Us"]],
    ["/login", ["Login"]],
    ["/signup", ["Register"]],
    ["/pricing", ["Contribution"]],
    ["/faq", []],
    ["/help", []],
    ["/policies/terms", []],
  ])("on %s hides %j", async (path, hidden) => {
    renderApp(path);
    const nav = await mainNav();
    expect(navLinkNames(nav)).toEqual(without(...hidden));
  });

  it("offers FAQ as a button on every page, which opens the FAQ modal", async () => {
    const user = userEvent.setup();
    renderApp("/contact");
    const nav = await mainNav();
    await user.click(within(nav).getByRole("button", { name: "FAQ" }));
    expect(await screen.findByRole("dialog", { name: "Frequently Asked Questions" })).toBeTruthy();
  });

  it("shows the brand from /api/site, and “Kalpa” until it answers", async () => {
    renderApp("/faq", { site: "pending" });
    const banner = await screen.findByRole("banner");
    expect(within(banner).getByRole("link", { name: "Kalpa home" })).toBeTruthy();
  });

  it("replaces the fallback brand once /api/site answers", async () => {
    renderApp("/faq");
    const banner = await screen.findByRole("banner");
    expect(
      await within(banner).findByRole("link", { name: `${TEST_SITE.brandName} home` }),
    ).toBeTruthy();
  });

  it("opens and closes the mobile menu with a real toggle button", async () => {
    const user = userEvent.setup();
    renderApp("/paper-trade");
    const toggle = await screen.findByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("aria-controls")).toBe((await mainNav()).id);

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Close menu");

    await user.keyboard("{Escape}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");

    await user.click(toggle);
    await user.click(within(await mainNav()).getByRole("link", { name: "Contact Us" }));
    // Following a link closes the menu once the new page is there.
    const reopen = await screen.findByRole("button", { name: "Open menu" });
    expect(reopen.getAttribute("aria-expanded")).toBe("false");
    expect(within(await mainNav()).queryByRole("link", { name: "Contact Us" })).toBeNull();

    // FAQ from the open menu closes the menu and opens the modal.
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(within(await mainNav()).getByRole("button", { name: "FAQ" }));
    expect(await screen.findByRole("dialog", { name: "Frequently Asked Questions" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
  });

  it.each(["/", "/faq"])("changes appearance after scrolling beyond 20 px on %s", async (path) => {
    renderApp(path);
    const banner = await screen.findByRole("banner");
    const before = banner.className;
    expect(banner.dataset.scrolled).toBe("false");
    scrollTo(20);
    expect(banner.dataset.scrolled).toBe("false");
    expect(banner.className).toBe(before);
    scrollTo(21);
    expect(banner.dataset.scrolled).toBe("true");
    expect(banner.className).not.toBe(before);
    scrollTo(0);
    expect(banner.dataset.scrolled).toBe("false");
    expect(banner.className).toBe(before);
  });
});

describe("page shell", () => {
  it("offers a skip link to the main landmark", async () => {
    renderApp("/faq");
    const skip = await screen.findByRole("link", { name: "Skip to main content" });
    const main = screen.getByRole("main");
    expect(skip.getAttribute("href")).toBe(`#${main.id}`);
  });
});

describe("footer", () => {
  it("shows trading hours, policies, the operator's contact, copyright and the disclaimer", async () => {
    renderApp("/faq");
    const footer = await screen.findByRole("contentinfo");
    const f = within(footer);

    // The hours the site says are in force today, not a printed constant.
    expect(await f.findByText("09:15-15:40")).toBeTruthy();
    expect(f.getByText("09:00-23:55")).toBeTruthy();
    expect(f.getByText("24/7")).toBeTruthy();

    const policies = within(f.getByRole("navigation", { name: "Policies" }));
    expect(policies.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/policies/privacy",
      "/policies/terms",
      "/policies/disclaimer",
      "/policies/cookie",
    ]);

    const email = await f.findByRole("link", { name: /founder@example\.com/ });
    expect(email.getAttribute("href")).toBe("mailto:founder@example.com");
    expect(f.getByRole("link", { name: /98765 43210/ }).getAttribute("href")).toBe(
      "tel:+919876543210",
    );
    const chat = f.getByRole("link", { name: /Chat on WhatsApp/ });
    expect(chat.getAttribute("href")).toBe("https://wa.me/919876543210");
    expect(chat.getAttribute("rel")).toContain("noopener");

    expect(f.getByText(`© 2025 ${TEST_SITE.brandName}`)).toBeTruthy();
    expect(f.getByText(/not investment advice/)).toBeTruthy();
  });

  it("stays calm when /api/site fails: fallback brand and a quiet note instead of contact details", async () => {
    renderApp("/faq", { site: "error" });
    const footer = await screen.findByRole("contentinfo");
    expect(
      await within(footer).findByText("Contact details are unavailable right now."),
    ).toBeTruthy();
    expect(within(footer).getByText("© 2025 Kalpa")).toBeTruthy();
    expect(within(footer).queryByRole("link", { name: /WhatsApp/ })).toBeNull();
    // Without the site's answer the day's hours are not known: a dash, never a stale printed time.
    expect(within(footer).getAllByText("—")).toHaveLength(2);
    expect(await screen.findByRole("heading", { level: 1, name: "FAQ" })).toBeTruthy();
  });

  it("switches the shell to Telugu and remembers the choice", async () => {
    const user = userEvent.setup();
    renderApp("/faq");
    await screen.findByRole("heading", { level: 1, name: "FAQ" });
    const footer = screen.getByRole("contentinfo");
    const english = within(footer).getByRole("button", { name: "English" });
    expect(english.getAttribute("aria-pressed")).toBe("true");

    await user.click(within(footer).getByRole("button", { name: "తెలుగు" }));

    const nav = await screen.findByRole("navigation", { name: "ప్రధాన" });
    expect(within(nav).getByRole("link", { name: "పేపర్ ట్రేడ్" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "తరచుగా అడిగే ప్రశ్నలు" })).toBeTruthy();
    expect(within(nav).getByRole("button", { name: "తెలుగు" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("te");
    await waitFor(() => expect(document.documentElement.lang).toBe("te"));
  });

  it("switches to Hindi from the navigation bar, without saving anything for a visitor", async () => {
    const user = userEvent.setup();
    const { api } = renderApp("/faq", { session: null });
    await screen.findByRole("heading", { level: 1, name: "FAQ" });
    const nav = screen.getByRole("navigation", { name: "Main" });

    await user.click(within(nav).getByRole("button", { name: "हिन्दी" }));

    const hindiNav = await screen.findByRole("navigation", { name: "मुख्य" });
    expect(within(hindiNav).getByRole("link", { name: "पेपर ट्रेड" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "सामान्य प्रश्न" })).toBeTruthy();
    expect(
      within(hindiNav).getByRole("button", { name: "हिन्दी" }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("hi");
    await waitFor(() => expect(document.documentElement.lang).toBe("hi"));
    expect(api.requests.filter((request) => request.method === "PUT")).toEqual([]);
  });
});

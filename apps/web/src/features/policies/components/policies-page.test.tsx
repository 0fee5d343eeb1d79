import { POLICY_TYPES } from "@kalpa/contracts/constants";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/i18n";
import { renderApp, TEST_SITE } from "@/test/render-app";
import { POLICY_DOCUMENTS } from "../content/policy-documents";

async function openPolicy(path: string, name: string) {
  const result = renderApp(path, { session: null });
  await screen.findByRole("heading", { level: 1, name });
  return result;
}

function toc() {
  return screen.getByRole("navigation", { name: "On this page" });
}

function currentTocEntry(): string | null {
  const current = within(toc())
    .getAllByRole("link")
    .filter((link) => link.getAttribute("aria-current") === "location");
  expect(current.length).toBeLessThanOrEqual(1);
  return current[0]?.textContent?.replace(/^\d+\.\s*/, "") ?? null;
}

describe("policies", () => {
  it("the privacy policy has the sections the DPDP Act asks for, each in the table of contents", async () => {
    await openPolicy("/policies/privacy", "Privacy Policy");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent ?? "");
    for (const topic of [
      /purposes of processing/i,
      /personal data we collect/i,
      /retention/i,
      /rights/i,
      /grievance officer/i,
      /withdrawal of consent/i,
    ]) {
      expect(
        headings.some((heading) => topic.test(heading)),
        String(topic),
      ).toBe(true);
      expect(within(toc()).getByRole("link", { name: topic })).toBeTruthy();
    }
    expect(screen.getByText(/Digital Personal Data Protection Act, 2023/)).toBeTruthy();
    expect(screen.getByText(/deleted 7 days after it ends/)).toBeTruthy();
    expect(screen.getByText(/never verified are deleted 7 days/)).toBeTruthy();
    expect(screen.getByText(/To nominate another individual/)).toBeTruthy();
  });

  it("names the grievance officer from the operator configuration", async () => {
    await openPolicy("/policies/privacy", "Privacy Policy");
    const section = screen.getByRole("region", { name: /grievance officer/i });
    expect(await within(section).findByText(TEST_SITE.operator.name)).toBeTruthy();
    expect(
      within(section).getByRole("link", { name: TEST_SITE.operator.email }).getAttribute("href"),
    ).toBe(`mailto:${TEST_SITE.operator.email}`);
    expect(
      within(section).getByRole("link", { name: TEST_SITE.operator.phone }).getAttribute("href"),
    ).toBe("tel:+919876543210");
  });

  it.each(POLICY_TYPES)(
    "%s has 5 or 6 sections, Last Updated and the support contacts",
    async (type) => {
      const names = {
        privacy: "Privacy Policy",
        terms: "Terms of Service",
        disclaimer: "Disclaimer",
        cookie: "Cookie Policy",
      };
      await openPolicy(`/policies/${type}`, names[type]);
      const sections = POLICY_DOCUMENTS[type].sections.length;
      expect(sections).toBeGreaterThanOrEqual(5);
      expect(sections).toBeLessThanOrEqual(6);
      expect(within(toc()).getAllByRole("link")).toHaveLength(sections);
      expect(screen.getByText("Last Updated: August 2025")).toBeTruthy();
      expect(await screen.findAllByText(TEST_SITE.operator.name)).not.toHaveLength(0);
    },
  );

  it("the disclaimer says educational and simulated, not advice, not registered with SEBI", async () => {
    await openPolicy("/policies/disclaimer", "Disclaimer");
    expect(
      screen.getByRole("heading", { level: 2, name: /educational and simulated only/i }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /is not registered with the Securities and Exchange Board of India \(SEBI\) as an investment adviser or as a research analyst/,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(/Past performance, whether real or simulated, is no guarantee/),
    ).toBeTruthy();
    expect(screen.getByText(/Any position you take is at your own risk/)).toBeTruthy();
  });

  it.each(["/policies/nonsense", "/policies", "/policies/PRIVACY"])(
    "%s shows the privacy policy",
    async (path) => {
      await openPolicy(path, "Privacy Policy");
      const tabs = screen.getByRole("navigation", { name: "All policies" });
      expect(
        within(tabs).getByRole("link", { name: "Privacy Policy" }).getAttribute("aria-current"),
      ).toBe("page");
    },
  );

  it("has a tab per policy, each a link to its own URL, and moves between them", async () => {
    const { router } = await openPolicy("/policies/privacy", "Privacy Policy");
    const tabs = screen.getByRole("navigation", { name: "All policies" });
    const links = within(tabs).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/policies/privacy",
      "/policies/terms",
      "/policies/disclaimer",
      "/policies/cookie",
    ]);
    await userEvent.click(within(tabs).getByRole("link", { name: "Cookie Policy" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Cookie Policy" })).toBeTruthy();
    expect(router.location.pathname).toBe("/policies/cookie");
    expect(
      within(screen.getByRole("navigation", { name: "All policies" }))
        .getByRole("link", { name: "Cookie Policy" })
        .getAttribute("aria-current"),
    ).toBe("page");
    expect(
      screen.getByText(/one HttpOnly session cookie|holds a random session token/),
    ).toBeTruthy();
  });

  it("in Telugu says the policies are binding in English and keeps the text English", async () => {
    await setLanguage("te");
    renderApp("/policies/terms", { session: null });
    await screen.findByRole("heading", { level: 1, name: "సేవా నిబంధనలు" });
    expect(screen.getByText(/ఆంగ్ల పాఠమే చెల్లుబాటు/)).toBeTruthy();
    expect(screen.getByRole("article").getAttribute("lang")).toBe("en");
  });
});

describe("the table of contents", () => {
  const ids = POLICY_DOCUMENTS.privacy.sections.map((section) => section.id);
  const headings = POLICY_DOCUMENTS.privacy.sections.map((section) => section.heading);
  /** Where each section's top is, relative to the viewport, as the page is scrolled. */
  let tops: Record<string, number>;
  let scrollY = 0;

  beforeEach(() => {
    tops = {};
    scrollY = 0;
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
      this: HTMLElement,
    ) {
      const top = tops[this.id] ?? 10_000;
      return {
        top,
        bottom: top + 400,
        left: 0,
        right: 800,
        width: 800,
        height: 400,
        x: 0,
        y: top,
        toJSON() {},
      } as DOMRect;
    });
    vi.spyOn(window, "scrollY", "get").mockImplementation(() => scrollY);
    Object.defineProperty(document.documentElement, "scrollHeight", {
      configurable: true,
      value: 20_000,
    });
  });

  afterEach(() => {
    Object.defineProperty(document.documentElement, "scrollHeight", {
      configurable: true,
      value: 0,
    });
  });

  /** Lays the sections out 1000 px apart from `start` and scrolls to `y`. */
  function scrollTo(y: number) {
    scrollY = y;
    ids.forEach((id, index) => {
      tops[id] = 600 + index * 1000 - y;
    });
    fireEvent.scroll(window);
  }

  it("highlights the first section before any is scrolled to", async () => {
    await openPolicy("/policies/privacy", "Privacy Policy");
    scrollTo(0);
    expect(currentTocEntry()).toBe(headings[0]);
  });

  it("highlights a section once its top is within 150 px of the viewport's top, not before", async () => {
    await openPolicy("/policies/privacy", "Privacy Policy");
    // Section 3 starts at 2600: its top reaches 150 px at scroll 2450.
    scrollTo(2448);
    expect(currentTocEntry()).toBe(headings[1]);
    scrollTo(2450);
    expect(currentTocEntry()).toBe(headings[2]);
    scrollTo(3000);
    expect(currentTocEntry()).toBe(headings[2]);
    scrollTo(600);
    expect(currentTocEntry()).toBe(headings[0]);
  });

  it("highlights the last section at the very end of the page", async () => {
    await openPolicy("/policies/privacy", "Privacy Policy");
    Object.defineProperty(document.documentElement, "scrollHeight", {
      configurable: true,
      value: 5_000 + window.innerHeight,
    });
    scrollTo(5_000);
    expect(currentTocEntry()).toBe(headings[5]);
  });

  it("a click scrolls the section to 150 px below the top and highlights it", async () => {
    const scroll = vi.mocked(window.scrollTo);
    await openPolicy("/policies/privacy", "Privacy Policy");
    scrollTo(1000);
    scroll.mockClear();
    await userEvent.click(within(toc()).getByRole("link", { name: /Your rights/ }));
    // Section 4's top is 3600 - 1000 = 2600 px below the viewport's top: scroll to 1000 + 2600 - 150.
    expect(scroll).toHaveBeenCalledWith({ top: 3450, behavior: "smooth" });
    expect(currentTocEntry()).toBe(headings[3]);
    expect(document.activeElement?.id).toBe("your-rights-heading");
    // While the smooth scroll passes the sections in between, the clicked one stays highlighted…
    scrollTo(2000);
    expect(currentTocEntry()).toBe(headings[3]);
    // …until the person scrolls by hand.
    fireEvent.wheel(window);
    scrollTo(1000);
    expect(currentTocEntry()).toBe(headings[0]);
  });

  it("jumps without animation when reduced motion is preferred", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("reduce"),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    const scroll = vi.mocked(window.scrollTo);
    await openPolicy("/policies/cookie", "Cookie Policy");
    scroll.mockClear();
    tops["reset-cookie"] = 900;
    await userEvent.click(within(toc()).getByRole("link", { name: "The password reset cookie" }));
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ top: 750, behavior: "auto" }));
  });
});

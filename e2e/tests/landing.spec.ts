import { readFile } from "node:fs/promises";
import { submitSignIn } from "@kalpa/testkit/browser";
import { DEMO } from "@kalpa/testkit/demo";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

const HERO = "Model-driven research for NIFTY, BANKNIFTY and Crude Oil";
const SLIDE_TITLES = [
  "Watch the models think",
  "A journal that hides nothing",
  "Forecasts for six markets",
  "Learn before you trade",
];

async function openLanding(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
}

/** The slide on show, checked by its visible title and its indicator. */
async function expectSlide(carousel: Locator, number: number) {
  const title = SLIDE_TITLES[number - 1] ?? "";
  await expect(carousel.getByRole("heading", { name: title })).toBeVisible();
  await expect(carousel.getByRole("button", { name: `Go to slide ${number}` })).toHaveAttribute(
    "aria-current",
    "true",
  );
  for (const other of SLIDE_TITLES.filter((candidate) => candidate !== title)) {
    await expect(carousel.getByRole("heading", { name: other })).toBeHidden();
  }
}

test("the slideshow moves with next, previous and the indicators", async ({ page }) => {
  await openLanding(page);
  const carousel = page.getByRole("region", { name: "Highlights" });
  await carousel.scrollIntoViewIfNeeded();
  await expectSlide(carousel, 1);
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expectSlide(carousel, 2);
  // Wait out the transition lock (700 ms) before the next click.
  await page.waitForTimeout(800);
  await carousel.getByRole("button", { name: "Previous slide" }).click();
  await expectSlide(carousel, 1);
  await page.waitForTimeout(800);
  await carousel.getByRole("button", { name: "Previous slide" }).click();
  await expectSlide(carousel, 4);
  await page.waitForTimeout(800);
  await carousel.getByRole("button", { name: "Go to slide 3" }).click();
  await expectSlide(carousel, 3);
});

test("the slideshow starts after 1 s, advances every 5 s, and not while the mouse rests on it or keyboard focus is inside", async ({
  page,
}) => {
  // Time stands still except when the test moves it, so each step lands on the spec's exact timings.
  await page.clock.install({ time: new Date("2026-01-05T04:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-05T04:00:01Z"));
  await openLanding(page);
  const carousel = page.getByRole("region", { name: "Highlights" });
  await expectSlide(carousel, 1);
  await page.clock.runFor(999);
  await expect(carousel).toHaveAttribute("data-playing", "false");
  await page.clock.runFor(1);
  await expect(carousel).toHaveAttribute("data-playing", "true");
  await page.clock.runFor(4999);
  await expectSlide(carousel, 1);
  await page.clock.runFor(1);
  await expectSlide(carousel, 2);
  await carousel.scrollIntoViewIfNeeded();
  await carousel.getByRole("heading", { name: SLIDE_TITLES[1] ?? "" }).hover();
  await expect(carousel).toHaveAttribute("data-playing", "false");
  await page.clock.runFor(20_000);
  await expectSlide(carousel, 2);
  await page.mouse.move(1, 1);
  await expect(carousel).toHaveAttribute("data-playing", "true");
  await page.clock.runFor(4999);
  await expectSlide(carousel, 2);
  await page.clock.runFor(1);
  await expectSlide(carousel, 3);

  // Keyboard focus inside pauses it too, until focus leaves.
  await page.mouse.move(1, 1);
  await carousel.getByRole("button", { name: "Go to slide 1" }).focus();
  await expect(carousel).toHaveAttribute("data-playing", "false");
  await page.clock.runFor(20_000);
  await expectSlide(carousel, 3);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(carousel).toHaveAttribute("data-playing", "true");
  await page.clock.runFor(5000);
  await expectSlide(carousel, 4);
});

test("after a click, the slideshow resumes 4 s later even with the mouse still over it", async ({
  page,
}) => {
  await page.clock.install({ time: new Date("2026-01-05T04:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-05T04:00:01Z"));
  await openLanding(page);
  const carousel = page.getByRole("region", { name: "Highlights" });
  await carousel.scrollIntoViewIfNeeded();
  const next = carousel.getByRole("button", { name: "Next slide" });
  // The pointer moves onto the button and stays there: over the slideshow the whole time.
  await next.click();
  await expectSlide(carousel, 2);
  await expect(carousel).toHaveAttribute("data-playing", "false");
  await page.clock.runFor(3999);
  await expect(carousel).toHaveAttribute("data-playing", "false");
  await page.clock.runFor(1);
  await expect(carousel).toHaveAttribute("data-playing", "true");
  await page.clock.runFor(5000);
  await expectSlide(carousel, 3);
});

test("the slideshow ignores clicks while a slide change animates", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-01-05T04:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-05T04:00:01Z"));
  await openLanding(page);
  const carousel = page.getByRole("region", { name: "Highlights" });
  const next = carousel.getByRole("button", { name: "Next slide" });
  await next.click();
  await expectSlide(carousel, 2);
  await next.click();
  await carousel.getByRole("button", { name: "Go to slide 4" }).click();
  await expectSlide(carousel, 2);
  await page.clock.runFor(699);
  await next.click();
  await expectSlide(carousel, 2);
  await page.clock.runFor(1);
  await next.click();
  await expectSlide(carousel, 3);
});

test("the Risk Disclaimer opens in a modal that traps focus and closes", async ({ page }) => {
  await openLanding(page);
  await page.getByRole("button", { name: "Risk Disclaimer" }).click();
  const dialog = page.getByRole("dialog", { name: "Risk Disclaimer" });
  await expect(dialog).toContainText("not registered with SEBI");
  // A document to read gets max-w-lg (512 px), not a prompt's 448 px.
  expect((await dialog.boundingBox())?.width).toBe(512);
  await page.keyboard.press("Tab");
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Risk Disclaimer" }).click();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
});

test("the RDA button offers the agreement as a real Word file", async ({ page }) => {
  await openLanding(page);
  await page.getByRole("button", { name: "Risk Disclosure Agreement (RDA)" }).click();
  const dialog = page.getByRole("dialog", { name: "Risk Disclosure Agreement" });
  await expect(dialog).toContainText("Trading involves substantial risk");
  expect((await dialog.boundingBox())?.width).toBe(512);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Risk-Disclosure-Agreement.docx");
  const saved = test.info().outputPath("agreement.docx");
  await download.saveAs(saved);
  const bytes = await readFile(saved);
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  // A ZIP names its entries in plain bytes; the server suite opens the archive and reads the text.
  expect(bytes.includes("word/document.xml")).toBe(true);
  expect(bytes.includes("[Content_Types].xml")).toBe(true);
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
});

test("Enter the Market and Get Started lead to login, then to the services once signed in", async ({
  page,
}) => {
  await openLanding(page);
  const cta = page.getByRole("region", { name: "Ready to study the market with us?" });
  await cta.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await submitSignIn(page, DEMO);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  await openLanding(page);
  const services = page.getByRole("region", { name: "Three markets, one disciplined approach" });
  await expect(services.getByRole("link", { name: "Enter the Market" })).toHaveCount(3);
  await services.getByRole("link", { name: "Enter the Market" }).nth(2).click();
  await expect(page).toHaveURL(/\/trading-services$/);
  await openLanding(page);
  await cta.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/trading-services$/);
});

test("nothing scrolls sideways at 360 px, with the RDA modal open too", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openLanding(page);
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBe(0);
  await page.mouse.wheel(0, 5000);
  expect(await overflow()).toBe(0);
  await page.getByRole("button", { name: "Risk Disclosure Agreement (RDA)" }).click();
  await expect(page.getByRole("dialog", { name: "Risk Disclosure Agreement" })).toBeVisible();
  expect(await overflow()).toBe(0);
});

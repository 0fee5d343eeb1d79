/** The serious and critical accessibility violations axe finds on the page as it is now. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  // Judge the page at rest: a colour half-way through a fade-in is not the colour a reader sees. Finite
  // animations and transitions are awaited (at most 3 s); endless ones (the ticker) are not.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${label}: ${violation.id} (${violation.nodes.length})`);
}

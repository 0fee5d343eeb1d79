/** The serious and critical accessibility violations axe finds on the page as it is now. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Sonner's toast list: toasts come and go on their own timers, so page scans leave them out. */
export const TOASTS = "[data-sonner-toaster]";

/**
 * `only`: check just this part of the page (the toasts, at rest, by their own test). Without it the whole
 * page is checked except the toasts: a toast fades in on its own and out 4 s later on its own timer, and a
 * scan that starts while it fades reads half its colour.
 */
export async function seriousViolations(
  page: Page,
  label: string,
  only?: string,
): Promise<string[]> {
  // Judge the page at rest: a colour half-way through a fade-in (a toast that has just appeared, a section
  // fading in) is not the colour a reader sees. Waits, at most 3 s, until no finite animation or transition
  // has run for 150 ms, so one that starts just after another ends is awaited too; endless ones (the
  // ticker, a spinner) are not.
  await page.evaluate(async () => {
    const finite = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        );
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const running = finite();
      if (running.length === 0) {
        await sleep(150);
        if (finite().length === 0) return;
        continue;
      }
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        sleep(Math.max(0, deadline - Date.now())),
      ]);
    }
  });
  const builder = new AxeBuilder({ page });
  const results = await (only ? builder.include(only) : builder.exclude(TOASTS)).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${label}: ${violation.id} (${violation.nodes.length}): ${violation.nodes
          .map(
            (node) =>
              `${node.target.join(" ")} — ${node.any[0]?.message ?? node.failureSummary ?? ""}`,
          )
          .join("; ")}`,
    );
}

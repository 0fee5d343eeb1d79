/**
 * The journeys' `test`: every page starts with the landing consent already given for the browser session,
 * so journeys that are not about the consent modal walk straight into the site. The consent walk itself
 * (e2e/tests/chrome.spec.ts) uses plain @playwright/test.
 */

import {
  CONSENT_VERSION,
  type ConsentRecord,
  SESSION_STORAGE_KEYS,
} from "@kalpa/contracts/storage-keys";
import { type Browser, type BrowserContext, test as base, type Page } from "@playwright/test";

const CONSENT: ConsentRecord = { accepted: true, version: CONSENT_VERSION };

/** Make every page of `context` start with the consent record in its session storage. */
export async function giveConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      try {
        window.sessionStorage.setItem(key, value);
      } catch {
        // Storage blocked: the modal then shows, as it would for the visitor.
      }
    },
    { key: SESSION_STORAGE_KEYS.consent, value: JSON.stringify(CONSENT) },
  );
}

/** A new browser context (a "second device") whose pages have the consent already given. */
export async function newConsentedContext(
  browser: Browser,
  options?: Parameters<Browser["newContext"]>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await giveConsent(context);
  return context;
}

/** A page in a new consented context; close it with `page.context().close()`. */
export async function newConsentedPage(
  browser: Browser,
  options?: Parameters<Browser["newContext"]>[0],
): Promise<Page> {
  const context = await newConsentedContext(browser, options);
  return context.newPage();
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await giveConsent(context);
    await use(context);
  },
});

export type { Browser, BrowserContext, Page } from "@playwright/test";
export { expect } from "@playwright/test";

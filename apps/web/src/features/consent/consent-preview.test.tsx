import { SESSION_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_STORAGE_KEY } from "@/i18n";
import { renderApp } from "@/test/render-app";
import { CONSENT_CHECK_SCRIPT, consentPreviewHtml } from "./consent-preview";
import {
  CONSENT_PENDING_CLASS,
  CONSENT_PREVIEW_ID,
  CONSENT_PREVIEW_NOTES_ATTRIBUTE,
} from "./utils/consent-preview-dom";
import { hasConsent } from "./utils/consent-storage";

const BRAND = "Acme Markets";

/** The page as the shell paints it: the check has run and found no consent, the preview is in the body. */
function paintShell(scrolled = 0) {
  document.documentElement.classList.add(CONSENT_PENDING_CLASS);
  document.body.insertAdjacentHTML("beforeend", consentPreviewHtml(BRAND));
  const notes = document.querySelector<HTMLElement>(`[${CONSENT_PREVIEW_NOTES_ATTRIBUTE}]`);
  if (!notes) throw new Error("the preview has no notes");
  Object.defineProperty(notes, "scrollTop", { value: scrolled, configurable: true });
  return document.getElementById(CONSENT_PREVIEW_ID) as HTMLElement;
}

const texts = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll(selector)].map((element) => element.textContent);

function runCheck(): boolean {
  document.documentElement.classList.remove(CONSENT_PENDING_CLASS);
  new Function(CONSENT_CHECK_SCRIPT)();
  return document.documentElement.classList.contains(CONSENT_PENDING_CLASS);
}

afterEach(() => {
  document.getElementById(CONSENT_PREVIEW_ID)?.remove();
  document.documentElement.classList.remove(CONSENT_PENDING_CLASS);
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

describe("the consent modal's first paint in the page shell", () => {
  it("shows the modal's own words, and the modal takes its place where the reader had scrolled to", async () => {
    const preview = paintShell(300);
    const painted = {
      title: texts(preview, "h2"),
      intro: texts(preview, "h2 + p"),
      headings: texts(preview, "h3"),
      bodies: texts(preview, "h3 + p"),
    };
    const setScroll = vi.spyOn(HTMLElement.prototype, "scrollTop", "set");

    renderApp("/", { consented: false });
    const dialog = await screen.findByRole("dialog", { name: `Welcome to ${BRAND}` });
    expect(painted.title).toEqual([`Welcome to ${BRAND}`]);
    expect(painted.intro).toEqual(texts(dialog, "h2 + p"));
    expect(painted.headings).toEqual(texts(dialog, "h3"));
    expect(painted.bodies).toEqual(texts(dialog, "h3 + p"));
    expect(painted.bodies[0]).toMatch(/^Acme Markets is an educational research site/);

    expect(document.getElementById(CONSENT_PREVIEW_ID)).toBeNull();
    expect(document.documentElement.classList.contains(CONSENT_PENDING_CLASS)).toBe(false);
    const notes = within(dialog).getByRole("region", { name: "Notes to read before entering" });
    const scrolledNotes = setScroll.mock.contexts.filter((element) => element === notes);
    expect(scrolledNotes.length).toBeGreaterThan(0);
    expect(setScroll.mock.calls[setScroll.mock.contexts.indexOf(notes)]).toEqual([300]);
    setScroll.mockRestore();
  });

  it("holds the modal back until the page has loaded, while the preview stands in for it", async () => {
    paintShell();
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    renderApp("/", { consented: false });
    // The page renders behind the preview; the modal's code is not asked for yet.
    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.getElementById(CONSENT_PREVIEW_ID)).not.toBeNull();

    readyState.mockReturnValue("complete");
    window.dispatchEvent(new Event("load"));
    expect(await screen.findByRole("dialog", { name: `Welcome to ${BRAND}` })).toBeTruthy();
    expect(document.getElementById(CONSENT_PREVIEW_ID)).toBeNull();
    readyState.mockRestore();
  });

  it("goes at once for a session that has consented", async () => {
    paintShell();
    renderApp("/", { consented: true });
    expect(await screen.findByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(document.getElementById(CONSENT_PREVIEW_ID)).toBeNull();
    expect(document.documentElement.classList.contains(CONSENT_PENDING_CLASS)).toBe(false);
  });

  it("is asked for exactly when the modal will show, and only for an English reader", () => {
    const records = [
      null,
      JSON.stringify({ accepted: true, version: 1 }),
      JSON.stringify({ accepted: true, version: 1, at: 5 }),
      JSON.stringify({ accepted: true, version: 2 }),
      JSON.stringify({ accepted: "yes", version: 1 }),
      "{not json",
      "null",
    ];
    for (const record of records) {
      if (record === null) window.sessionStorage.removeItem(SESSION_STORAGE_KEYS.consent);
      else window.sessionStorage.setItem(SESSION_STORAGE_KEYS.consent, record);
      expect(runCheck(), String(record)).toBe(!hasConsent());
    }
    window.sessionStorage.removeItem(SESSION_STORAGE_KEYS.consent);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, "te");
    expect(runCheck()).toBe(false);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, "en");
    expect(runCheck()).toBe(true);
    // Storage that cannot be read means no consent, as hasConsent() reads it.
    const getItem = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("blocked");
    });
    expect(runCheck()).toBe(true);
    getItem.mockRestore();
  });

  it("writes the brand as text, never as markup", () => {
    const html = consentPreviewHtml('<img src=x onerror="alert(1)">&');
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;");
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toMatch(/<(button|input|a)\b|tabindex/);
  });
});

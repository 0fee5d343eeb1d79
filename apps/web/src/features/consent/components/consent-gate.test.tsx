import { SESSION_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/render-app";
import { elapse } from "@/test/timers";

const TITLE = "Welcome to Acme Markets";
const SCROLL_HEIGHT = 2000;
const CLIENT_HEIGHT = 400;
/** The scrollTop at which the reader is exactly 50 px from the bottom. */
const WITHIN_50 = SCROLL_HEIGHT - CLIENT_HEIGHT - 50;

/** jsdom lays nothing out: give every element a tall scroll content in a short box. */
function layOut(scrollHeight = SCROLL_HEIGHT, clientHeight = CLIENT_HEIGHT) {
  vi.spyOn(Element.prototype, "scrollHeight", "get").mockReturnValue(scrollHeight);
  vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(clientHeight);
}

function scrollNotes(top: number, name = "Notes to read before entering") {
  const region = screen.getByRole("region", { name });
  Object.defineProperty(region, "scrollTop", { value: top, configurable: true, writable: true });
  fireEvent.scroll(region);
}

function storedConsent(): string | null {
  return window.sessionStorage.getItem(SESSION_STORAGE_KEYS.consent);
}

beforeEach(() => layOut());

describe("landing consent modal", () => {
  it("greets a new browser session with the five notes, focused on the reading area", async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal");
    renderApp("/", { consented: false });
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    const d = within(dialog);
    expect(d.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Why this website exists",
      "Why login and a contribution are required",
      "What stays free",
      "Disclaimer",
      "Why your support matters",
    ]);
    expect(d.getByText(/not investment advice/)).toBeTruthy();
    // On the frame after the modal opens.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        d.getByRole("region", { name: "Notes to read before entering" }),
      ),
    );
    // The page beneath is out of reach while the gate is up: the browser's modal dialog makes it inert
    // (the e2e consent walk checks that Tab stays inside).
    expect(dialog.tagName).toBe("DIALOG");
    expect(showModal).toHaveBeenCalledTimes(1);
  });

  it("opens again when the browser closes it (a close request the page may not refuse)", async () => {
    renderApp("/", { consented: false });
    const dialog = (await screen.findByRole("dialog", { name: TITLE })) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    act(() => dialog.close());
    expect(dialog.open).toBe(true);
    expect(storedConsent()).toBeNull();
  });

  it("shows the checkbox and Enter only within 50 px of the bottom", async () => {
    renderApp("/", { consented: false });
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    expect(within(dialog).getByText("Scroll to the end to continue")).toBeTruthy();
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Enter" })).toBeNull();

    scrollNotes(800);
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    scrollNotes(WITHIN_50 - 1);
    expect(within(dialog).queryByRole("checkbox")).toBeNull();

    scrollNotes(WITHIN_50);
    expect(within(dialog).getByRole("checkbox")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Enter" })).toBeTruthy();
    expect(within(dialog).queryByText("Scroll to the end to continue")).toBeNull();

    // Scrolling back up does not take them away again.
    scrollNotes(0);
    expect(within(dialog).getByRole("checkbox")).toBeTruthy();
  });

  it("shows them at once when the notes fit without scrolling", async () => {
    layOut(CLIENT_HEIGHT, CLIENT_HEIGHT);
    renderApp("/", { consented: false });
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    // Read on the first frame after the modal opens, once it is laid out.
    expect(await within(dialog).findByRole("checkbox")).toBeTruthy();
  });

  it("keeps Enter disabled until the box is ticked, then enters after 2 s of Entering Website...", async () => {
    const user = userEvent.setup();
    renderApp("/", { consented: false });
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    scrollNotes(WITHIN_50);
    const enter = within(dialog).getByRole("button", { name: "Enter" }) as HTMLButtonElement;
    expect(enter.disabled).toBe(true);

    // The page behind the modal does not scroll while it is up.
    expect(document.documentElement.style.overflow).toBe("hidden");
    const checkbox = within(dialog).getByRole("checkbox", { name: /I have read and understood/ });
    await user.click(checkbox);
    expect(enter.disabled).toBe(false);
    await user.click(checkbox);
    expect(enter.disabled).toBe(true);
    await user.click(checkbox);

    // The clock only moves when the test moves it, so 1999 ms is exactly 1999 ms.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(enter);
    expect(within(dialog).getByRole("status").textContent).toBe("Entering Website...");
    expect(within(dialog).queryByRole("button", { name: "Enter" })).toBeNull();
    await elapse(1999);
    expect(screen.getByRole("dialog", { name: TITLE })).toBeTruthy();
    expect(storedConsent()).toBeNull();

    await elapse(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(JSON.parse(storedConsent() ?? "null")).toEqual({ accepted: true, version: 1 });
    expect(document.documentElement.style.overflow).toBe("");
    vi.useRealTimers();
    expect(await screen.findByRole("navigation", { name: "Main" })).toBeTruthy();
  });

  it("cannot be dismissed by Escape or a click outside", async () => {
    const user = userEvent.setup();
    renderApp("/contact", { consented: false });
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    await user.keyboard("{Escape}");
    const overlay = dialog.previousElementSibling as HTMLElement;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      fireEvent.pointerDown(overlay);
      fireEvent.pointerDown(document.body);
    });
    expect(screen.getByRole("dialog", { name: TITLE })).toBeTruthy();
  });

  it("switches to Telugu with all five notes translated, and remembers the language", async () => {
    const user = userEvent.setup();
    renderApp("/", { consented: false });
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    await user.click(within(dialog).getByRole("button", { name: "తెలుగు" }));
    const telugu = await screen.findByRole("dialog", { name: "Acme Markets కు స్వాగతం" });
    const headings = within(telugu)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent ?? "");
    expect(headings).toEqual([
      "ఈ వెబ్‌సైట్ ఎందుకు ఉంది",
      "లాగిన్ మరియు కంట్రిబ్యూషన్ ఎందుకు అవసరం",
      "ఉచితంగా లభించేవి",
      "నిరాకరణ",
      "మీ మద్దతు ఎందుకు ముఖ్యం",
    ]);
    scrollNotes(WITHIN_50, "ప్రవేశించే ముందు చదవవలసిన గమనికలు");
    expect(within(telugu).getByRole("button", { name: "ప్రవేశించండి" })).toBeTruthy();
    expect(window.localStorage.getItem("language")).toBe("te");
  });

  it("does not show when this session already holds the accepted record", async () => {
    renderApp("/");
    expect(await screen.findByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it.each([
    ["true"],
    ['{"accepted":true,"version":2}'],
    ['{"accepted":false,"version":1}'],
    ["{not json"],
  ])("shows when session storage holds %s", async (stored) => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.consent, stored);
    renderApp("/", { consented: false });
    expect(await screen.findByRole("dialog", { name: TITLE })).toBeTruthy();
  });

  it("shows when session storage cannot be read", async () => {
    const getItem = Storage.prototype.getItem;
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(function (this: Storage, key) {
      if (this === window.sessionStorage) throw new DOMException("blocked", "SecurityError");
      return getItem.call(this, key);
    });
    renderApp("/");
    expect(await screen.findByRole("dialog", { name: TITLE })).toBeTruthy();
  });
});

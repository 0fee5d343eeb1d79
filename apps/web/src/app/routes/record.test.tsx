import type { LedgerKey, SignedLedgerHead } from "@kalpa/contracts/api/ledger";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RECORD_PAGE_DAYS } from "@/features/record/api/get-ledger-heads";
import { fail, type MockReply, ok } from "@/test/mock-api";
import { renderApp } from "@/test/render-app";

const KEY: LedgerKey = {
  algorithm: "Ed25519",
  publicKey: "MCowBQYDK2VwAyEAhYp1kN0bHmE1pU6qJ8iD9XkKq2Q2WQ8sPqkG2w5c0Ag=",
  keyId: "5e3a7c0b9d8f4e21a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3",
};

const hashOf = (n: number) => n.toString(16).padStart(2, "0").repeat(32);

function head(day: string, seq: number, extra: Partial<SignedLedgerHead> = {}): SignedLedgerHead {
  return {
    v: 1,
    kind: "kalpa-ledger-head",
    day,
    seq,
    hash: hashOf(seq),
    prev: null,
    publishedAt: Date.parse(`${day}T18:30:00+05:30`),
    signature: "c2lnbmF0dXJl",
    keyId: KEY.keyId,
    timestamp: null,
    ...extra,
  };
}

// Newest first, as the server sends them: the newest time-stamped, one published before heads were signed.
const HEADS = [
  head("2026-11-27", 42, { timestamp: "MIIBtoken" }),
  head("2026-11-26", 30),
  head("2026-11-25", 12, { signature: null, keyId: null }),
];

/** The first render loads the route's code: on a loaded machine (three test files on two cores) it can take long. */
const SLOW = { timeout: 12_000 };

const keyReply = (): MockReply => ({ status: 200, body: KEY });

function renderRecord(heads: (search: string) => MockReply = () => ok(HEADS)) {
  return renderApp("/record", {
    session: null,
    api: {
      "GET /api/ledger/heads": (request) => heads(request.search),
      "GET /.well-known/kalpa-ledger-key": keyReply,
    },
  });
}

describe("/record", () => {
  it("lists each signed head with its day, last entry, hash, signed, time-stamped and bundle", {
    timeout: 30_000,
  }, async () => {
    renderRecord();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Signed record" }, SLOW),
    ).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Signed day heads, newest first" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Day", "Last entry", "Head hash", "Signed", "Time-stamped", "Bundle"]);
    const rows = within(table).getAllByTestId("record-head");
    const cells = (row: HTMLElement) =>
      [within(row).getByRole("rowheader"), ...within(row).getAllByRole("cell")].map(
        (cell) => cell.textContent,
      );
    expect(rows.map(cells)).toEqual([
      [
        "27 Nov 2026",
        "42",
        `${hashOf(42).slice(0, 10)}…${hashOf(42).slice(-6)}`,
        "Yes",
        "Yes",
        "Download",
      ],
      [
        "26 Nov 2026",
        "30",
        `${hashOf(30).slice(0, 10)}…${hashOf(30).slice(-6)}`,
        "Yes",
        "No",
        "Download",
      ],
      [
        "25 Nov 2026",
        "12",
        `${hashOf(12).slice(0, 10)}…${hashOf(12).slice(-6)}`,
        "No",
        "No",
        "Download",
      ],
    ]);
    // The whole hash is in the title; the bundle downloads under the name the command uses.
    expect(within(rows[0] as HTMLElement).getByTitle(hashOf(42))).toBeTruthy();
    const bundle = within(table).getByRole("link", {
      name: "Download the bundle of 27 Nov 2026 (2026-11-27.json)",
    });
    expect(bundle.getAttribute("href")).toBe("/api/ledger/bundles/2026-11-27");
    expect(bundle.getAttribute("download")).toBe("2026-11-27.json");
  });

  it("lists the same facts on a phone, one card a day, each named", async () => {
    renderRecord();
    const list = await screen.findByRole("list", { name: "Signed day heads, newest first" }, SLOW);
    const cards = within(list).getAllByTestId("record-head-card");
    const facts = (card: HTMLElement) =>
      within(card)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts(cards[2] as HTMLElement)).toEqual([
      ["Last entry", "12"],
      ["Head hash", `${hashOf(12).slice(0, 10)}…${hashOf(12).slice(-6)}`],
      ["Signed", "No"],
      ["Time-stamped", "No"],
    ]);
    expect(cards[0]?.textContent).toContain("27 Nov 2026");
    expect(
      within(cards[0] as HTMLElement)
        .getByRole("link", { name: "Download the bundle of 27 Nov 2026 (2026-11-27.json)" })
        .getAttribute("download"),
    ).toBe("2026-11-27.json");
  });

  it("shows the operator's key and its id, to copy or download as the file the command names", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderRecord();
    expect((await screen.findByTestId("record-key-id")).textContent).toBe(KEY.keyId);
    expect(screen.getByText(KEY.publicKey)).toBeTruthy();
    const download = screen.getByRole("link", {
      name: "Download the key (kalpa-ledger-key.json)",
    });
    expect(download.getAttribute("href")).toBe("/.well-known/kalpa-ledger-key");
    expect(download.getAttribute("download")).toBe("kalpa-ledger-key.json");

    await user.click(screen.getByRole("button", { name: "Copy key id" }));
    expect(writeText).toHaveBeenLastCalledWith(KEY.keyId);
    const table = await screen.findByRole("table");
    await user.click(within(table).getByRole("button", { name: "Copy the hash of 27 Nov 2026" }));
    expect(writeText).toHaveBeenLastCalledWith(hashOf(42));
  });

  it("gives the exact command for the newest days, and says what a time-stamp adds when there is one", async () => {
    renderRecord();
    await screen.findByRole("table");
    const command = screen.getByTestId("record-command");
    expect(command.textContent).toBe(
      "npx kalpa-verify --key kalpa-ledger-key.json 2026-11-25.json 2026-11-26.json 2026-11-27.json",
    );
    expect(screen.getByText(/add --tsa-cert with the authority's certificate/)).toBeTruthy();
  });

  it("leaves the time-stamp note out when no head is time-stamped", async () => {
    renderRecord(() => ok(HEADS.slice(1)));
    await screen.findByRole("table");
    expect(screen.queryByText(/--tsa-cert/)).toBeNull();
  });

  it("says when no head is published yet", async () => {
    renderRecord(() => ok([]));
    expect(await screen.findByText(/No day's head has been published yet/)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("offers a retry when the heads cannot be loaded", async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderRecord(() => {
      calls += 1;
      return calls === 1 ? fail(503, "Starting up.") : ok(HEADS);
    });
    expect(await screen.findByText("The signed heads could not be loaded.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table")).toBeTruthy();
  });

  it("loads older days a page at a time, before the oldest day shown", {
    timeout: 40_000,
  }, async () => {
    const user = userEvent.setup();
    // A full page of days, newest first from 27 Nov 2026.
    const firstPage = Array.from({ length: RECORD_PAGE_DAYS }, (_, i) =>
      head(new Date(Date.UTC(2026, 10, 27 - i)).toISOString().slice(0, 10), 200 - i),
    );
    const searches: string[] = [];
    renderRecord((search) => {
      searches.push(search);
      return search.includes("before=") ? ok([head("2026-08-03", 5)]) : ok(firstPage);
    });
    expect(await screen.findAllByTestId("record-head", {}, SLOW)).toHaveLength(RECORD_PAGE_DAYS);
    expect(screen.getAllByTestId("record-head-card")).toHaveLength(RECORD_PAGE_DAYS);
    await user.click(screen.getByRole("button", { name: "Show older days" }));
    await waitFor(
      () => expect(screen.getAllByTestId("record-head")).toHaveLength(RECORD_PAGE_DAYS + 1),
      SLOW,
    );
    const oldest = firstPage.at(-1)?.day;
    expect(new URLSearchParams(searches.at(-1)).get("before")).toBe(oldest);
    expect(new URLSearchParams(searches[0]).get("limit")).toBe(String(RECORD_PAGE_DAYS));
    expect(screen.queryByRole("button", { name: "Show older days" })).toBeNull();
  });
});

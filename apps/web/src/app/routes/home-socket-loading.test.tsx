import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadHomeSocket } from "@/features/market/utils/home-socket";
import type { FakeSocket } from "@/test/fake-socket";
import { renderApp } from "@/test/render-app";

// The socket library's module, replaced by one that records when it is first loaded and hands out fakes.
const library = vi.hoisted(() => ({ loaded: false, homeSockets: [] as FakeSocket[] }));
vi.mock("@/lib/socket", async () => {
  library.loaded = true;
  const { FakeSocket } = await import("@/test/fake-socket");
  return {
    createSocket: () => new FakeSocket().asSocket(),
    createHomeSocket: () => {
      const socket = new FakeSocket();
      library.homeSockets.push(socket);
      return socket.asSocket();
    },
  };
});

afterEach(() => {
  library.homeSockets.length = 0;
});

describe("the landing page's socket library", () => {
  it("is not loaded for the first paint: only after the page's load event does the ticker go live", async () => {
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    renderApp("/", { session: null, createHomeSocket: loadHomeSocket });
    const ticker = await screen.findByRole(
      "region",
      { name: "Live market prices" },
      { timeout: 5000 },
    );
    // The overview's prices are on the page without the socket library.
    await within(ticker).findAllByRole("listitem");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(library.loaded).toBe(false);
    expect(library.homeSockets).toHaveLength(0);

    readyState.mockReturnValue("complete");
    act(() => {
      window.dispatchEvent(new Event("load"));
    });
    await waitFor(() => expect(library.homeSockets).toHaveLength(1));
    expect(library.loaded).toBe(true);
    const socket = library.homeSockets[0];
    // The socket is made, then connected and asked for the prices: on a busy machine a moment apart.
    await waitFor(() => expect(socket?.calls).toEqual(["connect"]));
    await waitFor(() => expect(socket?.emitCount("get-snapshots")).toBe(1));
    act(() =>
      socket?.serverEmit("home-update", { symbol: "BANKNIFTY", ltp: 51500, percentChange: -0.75 }),
    );
    await waitFor(() =>
      expect(within(ticker).getAllByRole("listitem")[1]?.textContent).toBe(
        "BANKNIFTY51,500down −0.75%",
      ),
    );
  });
});

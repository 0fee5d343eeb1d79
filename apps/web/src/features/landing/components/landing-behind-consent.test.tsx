/**
 * A visitor's first page of a browser session sits behind the consent gate: the landing does without its
 * lower sections and its live-price socket until the visitor enters (lib/site-entry.ts), so one who leaves
 * at the gate downloads neither and holds no socket. Its own file: the lower sections' module, once loaded
 * by another test, would already be there.
 */
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { markEntered } from "@/lib/site-entry";
import { FakeSocket } from "@/test/fake-socket";
import { renderApp } from "@/test/render-app";

describe("the landing behind the consent gate", () => {
  it("loads neither the lower sections nor the live-price socket until the visitor enters", async () => {
    const createHomeSocket = vi.fn(async () => new FakeSocket().asSocket());
    renderApp("/", { session: null, consented: false, createHomeSocket });
    await screen.findByRole("dialog", { name: /^Welcome to / }, { timeout: 5000 });
    await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
    // The page has loaded (jsdom): ample time for the module and the socket had they been asked for.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole("region", { name: "Highlights" })).toBeNull();
    expect(createHomeSocket).not.toHaveBeenCalled();
    act(() => markEntered());
    expect(await screen.findByRole("region", { name: "Highlights" })).toBeDefined();
    await waitFor(() => expect(createHomeSocket).toHaveBeenCalledTimes(1));
  });
});

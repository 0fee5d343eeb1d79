import { act } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, vi } from "vitest";
import type { TestRouter } from "./test-router";

/**
 * Fake timers for the spec's delays that still let real time pass (so Testing Library's waiting works),
 * and a user-event instance that advances them while it types and clicks.
 */
export function useSpecTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** Moves the clock on by `ms`, running due timers and the updates they cause. */
export async function elapse(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** The app is still on `path`. */
export function expectStillOn(router: TestRouter, path: string): void {
  expect(router.location.pathname).toBe(path);
}

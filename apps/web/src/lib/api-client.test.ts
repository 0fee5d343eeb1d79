import { healthEndpoint } from "@kalpa/contracts/api/health";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { setLanguage } from "@/i18n";
import { ApiError, apiRequest, apiRequestWithMessage } from "./api-client";
import { retryDelay, shouldRetry } from "./query-client";

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function mockFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const health = { status: "ok", database: "pglite", version: "0.1.0" };

const profileUpdateEndpoint = {
  method: "PUT",
  path: "/api/items/:id",
  response: z.object({ name: z.string() }),
  body: z.object({ name: z.string() }),
} as const;

async function catchApiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends cookies and asks for JSON on the same origin", async () => {
    const fetchMock = mockFetch(async () => jsonResponse({ success: true, data: health }));
    await apiRequest(healthEndpoint);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/health");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("GET");
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get("accept")).toBe("application/json");
  });

  it("asks for the server's messages in the site's chosen language, not the browser's", async () => {
    const fetchMock = mockFetch(async () => jsonResponse({ success: true, data: health }));
    await apiRequest(healthEndpoint);
    await setLanguage("hi");
    await apiRequest(healthEndpoint);
    const languages = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get("accept-language"),
    );
    expect(languages).toEqual(["en", "hi"]);
  });

  it("returns the validated data of a success envelope", async () => {
    mockFetch(async () => jsonResponse({ success: true, data: health, message: "fine" }));
    await expect(apiRequest(healthEndpoint)).resolves.toEqual(health);
    await expect(apiRequestWithMessage(healthEndpoint)).resolves.toEqual({
      data: health,
      message: "fine",
    });
  });

  it("accepts a message-only answer for an endpoint whose response is undefined", async () => {
    mockFetch(async () => jsonResponse({ success: true, message: "OTP sent" }));
    const otpEndpoint = { method: "POST", path: "/api/otp", response: z.undefined() } as const;
    await expect(apiRequestWithMessage(otpEndpoint)).resolves.toEqual({
      data: undefined,
      message: "OTP sent",
    });
    // …but an endpoint that promises data does not accept an answer without it.
    mockFetch(async () => jsonResponse({ success: true, message: "OTP sent" }));
    const error = await catchApiError(apiRequest(healthEndpoint));
    expect(error.code).toBe("INVALID_RESPONSE");
  });

  it("fills path parameters, appends the query and sends the body as JSON", async () => {
    const fetchMock = mockFetch(async () => jsonResponse({ success: true, data: { name: "x" } }));
    await apiRequest(profileUpdateEndpoint, {
      params: { id: "a b" },
      query: { days: 30, model: "BankNifty:KalpaVruksha", skip: undefined },
      body: { name: "x" },
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/items/a%20b?days=30&model=BankNifty%3AKalpaVruksha");
    expect(init?.method).toBe("PUT");
    expect(init?.body).toBe(JSON.stringify({ name: "x" }));
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
  });

  it("sends an upload as the raw body with the file's own Content-Type", async () => {
    const fetchMock = mockFetch(async () => jsonResponse({ success: true, data: { name: "x" } }));
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });
    await apiRequest(profileUpdateEndpoint, { params: { id: "me" }, upload: file });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get("content-type")).toBe("image/png");
  });

  it("turns an error envelope into an ApiError with the server's message, code, status and issues", async () => {
    mockFetch(async () =>
      jsonResponse(
        {
          success: false,
          error: "Please enter a valid email address",
          code: "VALIDATION_ERROR",
          issues: [{ path: "email", message: "Please enter a valid email address" }],
        },
        400,
      ),
    );
    const error = await catchApiError(apiRequest(healthEndpoint));
    expect(error.status).toBe(400);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.message).toBe("Please enter a valid email address");
    expect(error.issues).toEqual([
      { path: "email", message: "Please enter a valid email address" },
    ]);
    expect(error.isClientError).toBe(true);
  });

  it("rejects a success envelope whose data does not match the endpoint's schema", async () => {
    mockFetch(async () =>
      jsonResponse({ success: true, data: { status: "ok", database: "mysql", version: "1" } }),
    );
    const error = await catchApiError(apiRequest(healthEndpoint));
    expect(error.code).toBe("INVALID_RESPONSE");
    expect(error.status).toBe(200);
  });

  it("rejects an answer that is not JSON at all (for example an HTML page)", async () => {
    mockFetch(async () => new Response("<!doctype html><title>x</title>", { status: 200 }));
    const error = await catchApiError(apiRequest(healthEndpoint));
    expect(error.code).toBe("INVALID_RESPONSE");
  });

  it("reports a failed status without an envelope by its status", async () => {
    mockFetch(async () => new Response("Bad gateway", { status: 502 }));
    const error = await catchApiError(apiRequest(healthEndpoint));
    expect(error.status).toBe(502);
    expect(error.code).toBe("INTERNAL_ERROR");
    expect(error.isClientError).toBe(false);
  });

  it("turns a network failure into an ApiError with status 0 and the spec's message", async () => {
    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await catchApiError(apiRequest(healthEndpoint));
    expect(error.status).toBe(0);
    expect(error.code).toBe("NETWORK_ERROR");
    expect(error.message).toBe(AUTH_MESSAGES.networkError);
  });

  it("lets an abort through as an abort, not as a network error", async () => {
    mockFetch(async (_input, init) => {
      init?.signal?.throwIfAborted();
      return jsonResponse({ success: true, data: health });
    });
    const controller = new AbortController();
    controller.abort();
    const error = await apiRequest(healthEndpoint, { signal: controller.signal }).catch(
      (reason: unknown) => reason,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("shouldRetry", () => {
  it("never retries a refusal (4xx) and retries other failures at most twice", () => {
    const refused = new ApiError({ status: 401, code: "UNAUTHORIZED", message: "no" });
    const broken = new ApiError({ status: 503, code: "SERVICE_UNAVAILABLE", message: "later" });
    const offline = new ApiError({ status: 0, code: "NETWORK_ERROR", message: "offline" });
    expect(shouldRetry(0, refused)).toBe(false);
    expect(shouldRetry(0, broken)).toBe(true);
    expect(shouldRetry(1, offline)).toBe(true);
    expect(shouldRetry(2, offline)).toBe(false);
  });

  it("keeps asking a server that is starting, at its Retry-After, for about three minutes", async () => {
    mockFetch(
      async () =>
        new Response(
          JSON.stringify({ success: false, error: "Still preparing", code: "STARTING" }),
          {
            status: 503,
            headers: { "Content-Type": "application/json", "Retry-After": "3" },
          },
        ),
    );
    const starting = await catchApiError(apiRequest(healthEndpoint));
    expect(starting).toMatchObject({ status: 503, code: "STARTING", retryAfterMs: 3000 });
    expect(shouldRetry(2, starting)).toBe(true);
    expect(shouldRetry(60, starting)).toBe(true);
    expect(shouldRetry(90, starting)).toBe(false);
    expect(retryDelay(5, starting)).toBe(3000);
    const withoutHeader = new ApiError({ status: 503, code: "STARTING", message: "later" });
    expect(retryDelay(5, withoutHeader)).toBe(2000);
    // Anything else backs off as TanStack Query does by default.
    const broken = new ApiError({ status: 503, code: "SERVICE_UNAVAILABLE", message: "later" });
    expect(retryDelay(0, broken)).toBe(1000);
    expect(retryDelay(2, broken)).toBe(4000);
    expect(retryDelay(10, broken)).toBe(30_000);
  });
});

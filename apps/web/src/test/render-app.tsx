import type { SiteInfo } from "@kalpa/contracts/api/site";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { appRoutes } from "@/app/router";
import { createQueryClient } from "@/lib/query-client";

export const TEST_SITE: SiteInfo = {
  brandName: "Acme Markets",
  operator: {
    name: "R. Founder",
    email: "founder@example.com",
    phone: "+91 98765 43210",
    whatsapp: "919876543210",
  },
};

/** How GET /api/site answers: with the site, with a server error, or never (still loading). */
export type SiteAnswer = SiteInfo | "error" | "pending";

function stubSiteFetch(answer: SiteAnswer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith("/api/site")) throw new TypeError(`Unexpected request to ${url}`);
    if (answer === "pending") return new Promise<Response>(() => {});
    if (answer === "error") {
      return new Response(
        JSON.stringify({ success: false, error: "Something broke", code: "INTERNAL_ERROR" }),
        { status: 500, headers: { "Content-Type": "application/json" } },
      );
    }
    return new Response(JSON.stringify({ success: true, data: answer }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Renders the real route tree at `path` in a memory router, with /api/site answered as asked. */
export function renderApp(path: string, { site = TEST_SITE }: { site?: SiteAnswer } = {}) {
  const fetchMock = stubSiteFetch(site);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, fetchMock, queryClient };
}

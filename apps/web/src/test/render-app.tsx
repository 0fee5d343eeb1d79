import type { ResearchAnalyst } from "@kalpa/contracts/api/research-analyst";
import type { User } from "@kalpa/contracts/api/session";
import type { SiteInfo } from "@kalpa/contracts/api/site";
import { CONSENT_VERSION, SESSION_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { AppProviders } from "@/app/providers";
import { AppRoutes } from "@/app/router";
import type { CreateHomeSocket } from "@/features/market/utils/home-socket";
import { createQueryClient } from "@/lib/query-client";
import { accessHandlers, type StatusAnswer, TEST_STATUS } from "./access";
import { FakeSocket } from "./fake-socket";
import { TEST_MARKET } from "./market";
import {
  fail,
  installMockApi,
  type MockHandler,
  type MockHandlers,
  type MockReply,
  never,
  ok,
} from "./mock-api";
import { createTestRouter } from "./test-router";

export const TEST_SITE: SiteInfo = {
  brandName: "Acme Markets",
  operator: {
    name: "R. Founder",
    email: "founder@example.com",
    phone: "+91 98765 43210",
    whatsapp: "919876543210",
  },
  feed: "simulated",
  // The hours in force on a day from 3 Aug 2026, in US winter time (MCX to 23:55).
  tradingHours: { NSE: { open: "09:15", close: "15:40" }, MCX: { open: "09:00", close: "23:55" } },
};

export const TEST_USER: User = {
  id: "0b7e6d1c-3f0a-4c1e-9a51-6f2d8e4b7a10",
  name: "Asha Rao",
  username: "asha_rao",
  email: "asha@example.com",
  mobile: "9876543210",
  profileImage: null,
  role: "user",
  createdAt: "2025-08-01T04:30:00.000Z",
  language: "en",
};

/** How GET /api/site answers: with the site, with a server error, or never (still loading). */
export type SiteAnswer = SiteInfo | "error" | "pending";

/**
 * How GET /api/auth/me answers: signed in as this user, 401 (null), a server error, or never. The browser's
 * local hints are separate: set them (writeSessionHints) to make the page believe it is signed in.
 */
export type SessionAnswer = User | null | "error" | "pending";

function siteReply(answer: SiteAnswer): MockReply | Promise<MockReply> {
  if (answer === "pending") return never();
  if (answer === "error") return fail(500, "Something broke", "INTERNAL_ERROR");
  return ok(answer);
}

function sessionReply(answer: SessionAnswer): MockReply | Promise<MockReply> {
  if (answer === "pending") return never();
  if (answer === "error") return fail(503, "Service unavailable", "SERVICE_UNAVAILABLE");
  if (answer === null) return fail(401, "Please login to continue", "UNAUTHORIZED");
  return ok({ user: answer });
}

/** No research-analyst profile: the spec's own wording. */
export const NO_RESEARCH_ANALYST: ResearchAnalyst = { profile: null, updatedAt: null };

export interface RenderAppOptions {
  site?: SiteAnswer;
  /** How GET /api/research-analyst answers (no profile by default). */
  researchAnalyst?: ResearchAnalyst;
  /** Defaults to a signed-in session (TEST_USER). */
  session?: SessionAnswer;
  /**
   * How GET /api/subscription/status answers: by default no access, the risk disclosure agreement
   * accepted. A function is asked at every request.
   */
  status?: StatusAnswer | (() => StatusAnswer);
  /** More endpoints, or replacements for the ones above. */
  api?: MockHandlers;
  /** The session socket the app is given (a fresh fake by default: tests never open real sockets). */
  socket?: FakeSocket;
  /** The landing ticker's home socket (a fresh fake by default). */
  homeSocket?: FakeSocket;
  /** Makes the home socket instead of handing out `homeSocket` (e.g. the app's own loader). */
  createHomeSocket?: CreateHomeSocket;
  /** How GET /api/market/snapshots answers (by default an overview that never changes on its own). */
  market?: MockHandler;
  /**
   * Whether this browser session has already passed the landing consent modal (true by default, so screens
   * are tested without the modal over them; the consent tests pass false).
   */
  consented?: boolean;
}

/** Renders the real route tree at `path` in a memory router, with the API answered as asked. */
export function renderApp(
  path: string,
  {
    site = TEST_SITE,
    researchAnalyst = NO_RESEARCH_ANALYST,
    session = TEST_USER,
    status = TEST_STATUS,
    api = {},
    socket = new FakeSocket(),
    homeSocket = new FakeSocket(),
    createHomeSocket = async () => homeSocket.asSocket(),
    market = () => ok(TEST_MARKET),
    consented = true,
  }: RenderAppOptions = {},
) {
  if (consented) {
    window.sessionStorage.setItem(
      SESSION_STORAGE_KEYS.consent,
      JSON.stringify({ accepted: true, version: CONSENT_VERSION }),
    );
  }
  const mockApi = installMockApi({
    "GET /api/site": () => siteReply(site),
    "GET /api/research-analyst": () => ok(researchAnalyst),
    "GET /api/auth/me": () => sessionReply(session),
    "GET /api/market/snapshots": market,
    // Settings lists the user's refunds of access ended early: none unless a test says.
    "GET /api/account/refunds": () => ok({ refunds: [] }),
    ...accessHandlers(typeof status === "function" ? status : () => status),
    // The journal (public, on /paper-trade and the dashboard's Paper Trade section) stays loading unless
    // a test answers it.
    "GET /api/paper/history": () => never(),
    "GET /api/paper/stats": () => never(),
    "GET /api/paper/analytics": () => never(),
    "GET /api/ledger/verify": () => never(),
    // The signed record (/record) likewise.
    "GET /api/ledger/heads": () => never(),
    "GET /.well-known/kalpa-ledger-key": () => never(),
    // The console's broker state (its "Broker login needed" banner is on every view) likewise.
    "GET /api/admin/broker": () => never(),
    // And whether the calendar banner is due (on every view).
    "GET /api/admin/calendar/reminder": () => never(),
    // Settings → Alerts: the choices and Telegram's state stay loading unless a test answers them.
    "GET /api/alerts/preferences": () => never(),
    "GET /api/alerts/telegram": () => never(),
    ...api,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const { router, RouterProbe } = createTestRouter();
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders
        queryClient={queryClient}
        createUserSocket={() => socket.asSocket()}
        createHomeSocket={createHomeSocket}
      >
        <AppRoutes />
        <RouterProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return {
    ...result,
    router,
    fetchMock: mockApi.fetchMock,
    api: mockApi,
    queryClient,
    socket,
    homeSocket,
  };
}

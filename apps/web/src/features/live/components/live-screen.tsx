import { activeSubscriptions, type SubscriptionStatus } from "@kalpa/contracts/api/access";
import { TIMINGS_MS } from "@kalpa/contracts/constants";
import type { AccessKey, ExchangeName } from "@kalpa/contracts/names";
import { BadgeCheck } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import type { Socket } from "socket.io-client";
import { Container } from "@/components/ui/container";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { useTimeout } from "@/hooks/use-timeout";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { useLiveSignals } from "../hooks/use-live-signals";
import { firstActiveRoute, instrumentOf, type LiveSelection, modelOf } from "../utils/live-routes";
import { LiveDisclaimer } from "./disclaimer-ticker";
import { InstrumentPicker } from "./instrument-picker";
import { LiveCharts, type LiveMarketFeed } from "./live-charts";
import {
  LiveAccessRestricted,
  LiveConnectionError,
  LiveInvalidData,
  LiveLoading,
  LiveUserNotFound,
} from "./live-states";
import { OptionChainCard } from "./option-chain";
import { type SignalAnalyst, SignalCard } from "./signal-card";
import { SignalPayoff } from "./signal-payoff";
import "@/features/live/i18n/en";

/** The subscription status as the screen reads it (the app passes its query). */
export interface LiveUserQuery {
  data: SubscriptionStatus | undefined;
  error: unknown;
  refetch: () => unknown;
}

type UserView =
  | { kind: "loading" }
  | { kind: "unauthorized" }
  | { kind: "invalid" }
  | { kind: "not-found" }
  | { kind: "error"; detail: string }
  | { kind: "ready"; status: SubscriptionStatus };

/** Spec section 8: a message with 401 or unauthorized goes to /login; an unreadable answer is invalid. */
function userView(query: LiveUserQuery): UserView {
  if (query.data) return { kind: "ready", status: query.data };
  if (!query.error) return { kind: "loading" };
  const error = query.error;
  const message = error instanceof Error ? error.message : String(error);
  if ((isApiError(error) && error.status === 401) || /401|unauthori[sz]ed/i.test(message)) {
    return { kind: "unauthorized" };
  }
  if (isApiError(error) && error.code === "INVALID_RESPONSE") return { kind: "invalid" };
  if (isApiError(error) && error.status === 404) return { kind: "not-found" };
  return { kind: "error", detail: message };
}

function Header({ name, premium, note }: { name?: string; premium: boolean; note: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">
          {t("live.heading")}
        </h1>
        {name ? <p className="mt-1 text-ink-300">{t("live.welcome", { name })}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {note}
        {premium ? (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-accent-400/40 bg-accent-400/10 px-3 py-1 text-xs font-semibold text-accent-200">
            <BadgeCheck aria-hidden="true" className="size-4" />
            {t("live.premiumActive")}
          </span>
        ) : null}
      </div>
    </header>
  );
}

export interface LiveScreenProps {
  /** What the route shows; null for /live-trade alone (which redirects to the first active route). */
  selection: LiveSelection | null;
  user: LiveUserQuery;
  /** The signed-in session's socket (null until it exists). */
  socket: Socket | null;
  /** Each exchange's market status (Active or not), and whether its prices are stale. */
  exchanges: ReadonlyArray<{ exchange: ExchangeName; active: boolean; stale?: boolean }>;
  /** "Simulated data" while the feed is simulated; "Stale data" while a broker's feed is down. */
  note?: ReactNode;
  /** Last prices and the market clock, which extend the underlying's chart. */
  market?: LiveMarketFeed;
  /** The operator's research-analyst registration, named on each signal card; none without one. */
  analyst?: SignalAnalyst | null;
}

const NO_MARKET: LiveMarketFeed = { ltp: {}, now: () => null };

/**
 * The live model analytics screen (spec sections 2, 4 and 8): Loading User Data..., then Loading Trading
 * Models... for about a second, then the header, the instrument buttons and the model's signal card, or
 * Access Restricted for an instrument the user has no access to; Connection Error, User Not Found and the
 * invalid-data message when the user's data cannot be had; a 401 goes to /login.
 */
export function LiveScreen({
  selection,
  user,
  socket,
  exchanges,
  note,
  market = NO_MARKET,
  analyst = null,
}: LiveScreenProps) {
  const { t } = useTranslation();
  const view = userView(user);
  const ready = view.kind === "ready";
  const [modelsLoaded, setModelsLoaded] = useState(false);
  useTimeout(() => setModelsLoaded(true), ready ? TIMINGS_MS.loadingTradingModels : null);
  const navigate = useNavigate();
  const subscriptions = view.kind === "ready" ? view.status.subscriptions : null;
  // In the spec's order (Nifty, BankNifty, CrudeOil): the first is where /live-trade and View Available
  // Signals lead.
  const open = useMemo(
    () => (subscriptions ? activeSubscriptions(subscriptions) : []),
    [subscriptions],
  );
  const active = useMemo(() => new Set<AccessKey>(open), [open]);

  useEffect(() => {
    if (view.kind === "unauthorized") navigate("/login", { replace: true });
  }, [view.kind, navigate]);

  // /live-trade alone: to the first active subscription's route, replacing this entry.
  const redirect = ready && selection === null ? firstActiveRoute(open) : null;
  if (redirect) return <Navigate to={redirect} replace />;

  let body: ReactNode;
  switch (view.kind) {
    case "loading":
    case "unauthorized":
      body = <LiveLoading label={t("live.loadingUserData")} />;
      break;
    case "invalid":
      body = <LiveInvalidData onRetry={() => void user.refetch()} />;
      break;
    case "not-found":
      body = <LiveUserNotFound />;
      break;
    case "error":
      body = <LiveConnectionError detail={view.detail} onRetry={() => void user.refetch()} />;
      break;
    case "ready": {
      // Nothing open on /live-trade: restricted, with CrudeOil selected.
      const shown = selection ?? { instrument: "CrudeOil" as const };
      body = modelsLoaded ? (
        <div className="mt-6 space-y-6">
          <InstrumentPicker
            selected={shown.instrument}
            subModel={shown.subModel}
            active={active}
            onNavigate={(route) => navigate(route)}
          />
          {active.has(shown.instrument) ? (
            <LiveSignal
              selection={shown}
              socket={socket}
              exchanges={exchanges}
              market={market}
              analyst={analyst}
            />
          ) : (
            <LiveAccessRestricted instrument={shown.instrument} open={open} />
          )}
        </div>
      ) : (
        <LiveLoading label={t("live.loadingTradingModels")} />
      );
      break;
    }
  }

  const profile = view.kind === "ready" ? view.status.user : null;
  return (
    <Container className="py-8 sm:py-12">
      <Header
        name={profile ? profile.fullName || profile.name || profile.username : undefined}
        premium={active.size > 0}
        note={note}
      />
      {body}
      {ready && modelsLoaded ? <LiveDisclaimer analyst={analyst} /> : null}
    </Container>
  );
}

/**
 * The selected model's card, with its signal from GET /api/signals/current and the socket, and the live
 * charts of its option and underlying below it.
 */
function LiveSignal({
  selection,
  socket,
  exchanges,
  market,
  analyst,
}: {
  selection: LiveSelection;
  socket: Socket | null;
  exchanges: LiveScreenProps["exchanges"];
  market: LiveMarketFeed;
  analyst: SignalAnalyst | null;
}) {
  const signals = useLiveSignals(socket);
  const recorded = useSiteInfo().data?.feed === "replay";
  const model = modelOf(selection);
  const { exchange, symbol } = instrumentOf(selection.instrument);
  const listed = exchanges.find((candidate) => candidate.exchange === exchange);
  const status = { exchange, active: listed?.active ?? false, stale: listed?.stale ?? false };
  const signal = signals.data?.[model] ?? null;
  const loading = signals.isPending && !signals.isError;
  return (
    <div className="space-y-6">
      <SignalCard
        model={model}
        signal={signal}
        market={status}
        loading={loading}
        unavailable={signals.isError}
        recorded={recorded}
        onTimingOpen={() => void signals.refetch()}
        analyst={analyst}
      />
      <SignalPayoff signal={signal} />
      <OptionChainCard instrument={selection.instrument} socket={socket} />
      <LiveCharts
        model={model}
        symbol={symbol}
        signal={signal}
        signalsLoading={loading}
        socket={socket}
        market={market}
      />
    </div>
  );
}

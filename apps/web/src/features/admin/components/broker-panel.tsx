import {
  type BrokerState,
  type BrokerStatus,
  KITE_LOGIN_FAILURES,
  type KiteLoginFailure,
} from "@kalpa/contracts/api/broker";
import {
  AlertTriangle,
  CircleCheck,
  CircleOff,
  Info,
  LoaderCircle,
  LogIn,
  type LucideIcon,
  TriangleAlert,
  Unplug,
} from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { notify } from "@/lib/notify";
import { useBrokerLogout } from "../api/broker-actions";
import { useBrokerStatus } from "../api/get-broker";
import {
  canDisconnect,
  connectAction,
  formatBrokerMoment,
  formatBrokerTime,
  loginHref,
} from "../utils/broker-view";
import { consoleHref } from "../utils/console-location";
import { ConfirmDialog } from "./confirm-dialog";
import { Figure as PlainFigure } from "./figure";
import { Panel } from "./panel";
import { ActionError, QueryState } from "./query-state";
import "@/features/admin/i18n/en";

const STATE_LOOKS: Record<BrokerState, { icon: LucideIcon; tone: string; spin?: boolean }> = {
  off: { icon: CircleOff, tone: "border-white/15 bg-white/[0.03] text-ink-100" },
  "login-needed": { icon: LogIn, tone: "border-amber-300/50 bg-amber-300/10 text-amber-100" },
  connecting: {
    icon: LoaderCircle,
    tone: "border-sky-300/30 bg-sky-300/10 text-sky-100",
    spin: true,
  },
  connected: {
    icon: CircleCheck,
    tone: "border-emerald-300/30 bg-emerald-300/10 text-emerald-100",
  },
  error: { icon: TriangleAlert, tone: "border-rose-300/40 bg-rose-400/10 text-rose-100" },
};

/**
 * What Kite's login brought back in the URL (BROKER_CONSOLE_PATH with `broker=connected`, or `broker=error`
 * and its `reason`): a toast for a success, the reason kept on screen for a failure; the parameters are
 * then taken out of the URL, so a reload does not say it again.
 */
function useKiteLoginOutcome(): { failed: boolean; reason: KiteLoginFailure | undefined } {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const outcome = params.get("broker");
  // Only a known code is shown, in the console's own words: a link cannot put its text on this screen.
  const [failure] = useState(() => {
    const code = params.get("reason");
    return {
      failed: outcome === "error",
      reason: KITE_LOGIN_FAILURES.find((known) => known === code),
    };
  });
  useEffect(() => {
    if (outcome === null) return;
    // The id keeps a second run of this effect (React's development checks) from showing it twice.
    if (outcome === "connected")
      notify.success(t("admin.broker.connectedToast"), { id: "kite-connected" });
    navigate(consoleHref({ view: "broker" }), { replace: true });
  }, [outcome, navigate, t]);
  return failure;
}

/**
 * The Broker view (`?view=broker`): the broker connection's state in words, the feed's health (last price,
 * stalled symbols, malformed messages dropped), the instrument list, where it disagrees with the
 * product's tables and how its conventions are read (Kite's MCX lots in contracts); Connect Kite (a page navigation to Kite's login), and Disconnect after a confirmation.
 * Fetched again every few seconds while on screen.
 */
export function BrokerPanel() {
  const { t } = useTranslation();
  const broker = useBrokerStatus();
  const login = useKiteLoginOutcome();
  const data = broker.data;
  return (
    <Panel id="admin-broker" title={t("admin.broker.heading")} lead={t("admin.broker.lead")}>
      {login.failed && data?.state !== "connected" ? (
        <FormMessage tone="error" className="mb-4">
          <span className="break-words">
            {login.reason
              ? t("admin.broker.loginFailed", {
                  reason: t(`admin.broker.loginFailures.${login.reason}`),
                })
              : t("admin.broker.loginFailedNoReason")}
          </span>
        </FormMessage>
      ) : null}
      {data ? (
        <BrokerDetails status={data} updatedAt={broker.dataUpdatedAt} />
      ) : (
        <QueryState error={broker.error} onRetry={() => void broker.refetch()} />
      )}
    </Panel>
  );
}

function BrokerDetails({ status, updatedAt }: { status: BrokerStatus; updatedAt: number }) {
  const { t } = useTranslation();
  const look = STATE_LOOKS[status.state];
  const Icon = look.icon;
  const off = status.state === "off";
  // The server's own sentence (what is happening, what to do); with no broker, ours says it all.
  const message = status.message.trim();
  const showMessage = !off && message !== "";
  return (
    <>
      <div
        data-testid="broker-state"
        data-state={status.state}
        className={cn("rounded-xl border p-3 sm:p-4", look.tone)}
      >
        <p className="sr-only">{t("admin.broker.state")}</p>
        <p
          className={cn(
            "flex items-start gap-2 font-semibold",
            status.state === "login-needed" ? "text-xl sm:text-2xl" : "text-base sm:text-lg",
          )}
        >
          <Icon
            aria-hidden="true"
            className={cn(
              "mt-0.5 shrink-0",
              status.state === "login-needed" ? "size-6" : "size-5",
              look.spin && "motion-safe:animate-spin",
            )}
          />
          <span className="min-w-0">{t(`admin.broker.states.${status.state}`)}</span>
        </p>
        {showMessage ? <p className="mt-1.5 text-sm break-words opacity-90">{message}</p> : null}
        <p className="mt-1.5 flex flex-wrap gap-x-3 text-xs opacity-75">
          <span>{t("admin.broker.since", { time: formatBrokerTime(status.since) })}</span>
          <span>{t("admin.broker.updated", { time: formatBrokerTime(updatedAt) })}</span>
        </p>
      </div>

      {off ? null : (
        <>
          <BrokerActions status={status} />
          <BrokerFigures status={status} />
          <Disagreements status={status} />
          <ListingNotes status={status} />
        </>
      )}
    </>
  );
}

function BrokerActions({ status }: { status: BrokerStatus }) {
  const { t } = useTranslation();
  const logout = useBrokerLogout();
  const [confirming, setConfirming] = useState(false);
  const connect = connectAction(status.state);
  const disconnect = canDisconnect(status.state);
  if (!connect && !disconnect && !logout.isSuccess && !logout.error) return null;
  return (
    <div className="mt-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        {connect ? (
          <a
            href={loginHref(status)}
            className={buttonStyles({
              variant: connect === "connect" ? "primary" : "secondary",
              className: "w-full sm:w-auto",
            })}
          >
            <LogIn aria-hidden="true" className="size-4" />
            {connect === "connect" ? t("admin.broker.connect") : t("admin.broker.reconnect")}
          </a>
        ) : null}
        {disconnect ? (
          <button
            type="button"
            disabled={logout.isPending}
            onClick={() => setConfirming(true)}
            aria-haspopup="dialog"
            className={buttonStyles({
              variant: "danger",
              className: "w-full sm:w-auto",
            })}
          >
            <Unplug aria-hidden="true" className="size-4" />
            {logout.isPending ? t("admin.broker.disconnecting") : t("admin.broker.disconnect")}
          </button>
        ) : null}
      </div>
      {connect ? (
        <p className="mt-2 text-xs text-ink-400">{t("admin.broker.connectHint")}</p>
      ) : null}
      <ActionError error={logout.error} />
      {logout.isSuccess ? (
        <FormMessage tone="success" className="mt-4">
          {logout.data.message ?? t("admin.broker.disconnected")}
        </FormMessage>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("admin.broker.disconnectTitle")}
        body={t("admin.broker.disconnectBody")}
        confirmLabel={t("admin.broker.disconnect")}
        onConfirm={() => logout.mutate()}
      />
    </div>
  );
}

function BrokerFigures({ status }: { status: BrokerStatus }) {
  const { t } = useTranslation();
  const { instruments } = status;
  return (
    <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {status.userId ? (
        <Figure label={t("admin.broker.userId")}>
          <span className="break-all">{status.userId}</span>
        </Figure>
      ) : null}
      {status.tokenExpiresAt !== null ? (
        <Figure label={t("admin.broker.tokenExpires")}>
          <time dateTime={new Date(status.tokenExpiresAt).toISOString()}>
            {formatBrokerMoment(status.tokenExpiresAt)}
          </time>
        </Figure>
      ) : null}
      <Figure label={t("admin.broker.lastTick")}>
        {status.lastTickAt === null ? (
          <span className="font-sans font-normal text-ink-300">{t("admin.broker.noTick")}</span>
        ) : (
          <time dateTime={new Date(status.lastTickAt).toISOString()}>
            {formatBrokerTime(status.lastTickAt)}
          </time>
        )}
      </Figure>
      <Figure
        label={t("admin.broker.stalled")}
        className={status.stalled.length > 0 ? "border-amber-300/40 [&>dd]:text-amber-100" : ""}
      >
        {status.stalled.length > 0 ? (
          status.stalled.join(", ")
        ) : (
          <span className="font-sans font-normal text-ink-300">
            {t("admin.broker.noneStalled")}
          </span>
        )}
      </Figure>
      <Figure label={t("admin.broker.dropped")}>{formatNumber(status.dropped)}</Figure>
      <Figure label={t("admin.broker.instruments")}>
        <span className="font-sans">
          {instruments.loadedAt === null
            ? t("admin.broker.instrumentsNotLoaded", { count: formatNumber(instruments.count) })
            : t("admin.broker.instrumentsLoaded", {
                count: formatNumber(instruments.count),
                time: formatBrokerTime(instruments.loadedAt),
              })}
        </span>
      </Figure>
    </dl>
  );
}

/** Where the broker's instrument list disagrees with the product's tables (lot sizes, expiries). */
function Disagreements({ status }: { status: BrokerStatus }) {
  const { t } = useTranslation();
  const { disagreements } = status.instruments;
  if (disagreements.length === 0) return null;
  return (
    <section
      aria-labelledby="admin-broker-disagreements"
      className="mt-4 rounded-xl border border-amber-300/40 bg-amber-300/10 p-3 text-amber-100 sm:p-4"
    >
      <h3 id="admin-broker-disagreements" className="flex items-start gap-2 text-sm font-semibold">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
        {t("admin.broker.disagreements", { count: disagreements.length })}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm break-words">
        {disagreements.map((disagreement) => (
          <li key={`${disagreement.symbol}:${disagreement.field}:${disagreement.message}`}>
            {disagreement.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * How the product reads Kite's list where Kite follows a convention of its own (MCX lots counted in
 * contracts, turned into barrels through the product's table): information, not a warning.
 */
function ListingNotes({ status }: { status: BrokerStatus }) {
  const { t } = useTranslation();
  const { notes } = status.instruments;
  if (notes.length === 0) return null;
  return (
    <section
      aria-labelledby="admin-broker-listing-notes"
      className="mt-4 rounded-xl border border-white/10 bg-white/[0.03] p-3 sm:p-4"
    >
      <h3 id="admin-broker-listing-notes" className="flex items-start gap-2 text-sm font-semibold">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-300" />
        {t("admin.broker.listingNotes")}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm break-words opacity-90">
        {notes.map((note) => (
          <li key={`${note.symbol}:${note.field}`}>{note.message}</li>
        ))}
      </ul>
    </section>
  );
}

/** A figure in a box of its own (the broker's figures stand apart, unlike a signal's). */
function Figure(props: ComponentProps<typeof PlainFigure>) {
  return (
    <PlainFigure
      {...props}
      className={cn("rounded-xl border border-white/10 bg-white/[0.03] p-3", props.className)}
    />
  );
}

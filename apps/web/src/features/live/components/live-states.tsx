import { LIVE_MESSAGES } from "@kalpa/contracts/messages";
import type { AccessKey } from "@kalpa/contracts/names";
import { LoaderCircle, Lock, TriangleAlert, UserX } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { useTranslation } from "@/i18n";
import { activeModules, firstActiveRoute } from "../utils/live-routes";
import "@/features/live/i18n/en";

/** Loading User Data... / Loading Trading Models... */
export function LiveLoading({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-ink-300">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-accent-400" />
      <span>{label}</span>
    </div>
  );
}

function Panel({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto mt-6 max-w-lg rounded-2xl border border-white/10 bg-ink-900/70 p-6 text-center shadow-2xl shadow-black/40 sm:p-8"
    >
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-white/5">
        {icon}
      </div>
      <h2 id={titleId} className="mt-4 text-xl font-semibold text-white">
        {title}
      </h2>
      <div className="mt-2 space-y-2 text-ink-200">{children}</div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">{actions}</div>
    </section>
  );
}

/** Retry, and Back to Dashboard. */
function RetryOrLeave({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" onClick={onRetry} className={buttonStyles()}>
        {t("live.retry")}
      </button>
      <Link to="/dashboard" className={buttonStyles({ variant: "secondary" })}>
        {t("live.backToDashboard")}
      </Link>
    </>
  );
}

/** Connection Error: the spec's message and the error's own text, Retry and Back to Dashboard. */
export function LiveConnectionError({ detail, onRetry }: { detail: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Panel
      icon={<TriangleAlert aria-hidden="true" className="size-6 text-amber-300" />}
      title={t("live.connectionErrorTitle")}
      actions={<RetryOrLeave onRetry={onRetry} />}
    >
      <p role="alert">{LIVE_MESSAGES.connectionError}</p>
      {detail ? <p className="font-mono text-sm text-ink-400">{detail}</p> : null}
    </Panel>
  );
}

/** Invalid user data format received, with Retry. */
export function LiveInvalidData({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Panel
      icon={<TriangleAlert aria-hidden="true" className="size-6 text-amber-300" />}
      title={t("live.invalidDataTitle")}
      actions={<RetryOrLeave onRetry={onRetry} />}
    >
      <p role="alert">{LIVE_MESSAGES.invalidUserData}</p>
    </Panel>
  );
}

/** User Not Found: Please log in to access trading models, with Go to Login. */
export function LiveUserNotFound() {
  const { t } = useTranslation();
  return (
    <Panel
      icon={<UserX aria-hidden="true" className="size-6 text-ink-300" />}
      title={t("live.userNotFoundTitle")}
      actions={
        <Link to="/login" className={buttonStyles()}>
          {t("live.goToLogin")}
        </Link>
      }
    >
      <p role="alert">{LIVE_MESSAGES.userNotFound}</p>
    </Panel>
  );
}

/**
 * Access Restricted for an instrument: the spec's two lines, the modules the user does have (or No active
 * Modules), then View Available Signals (the first active route) or Back to Dashboard, and Subscribe Now.
 */
export function LiveAccessRestricted({
  instrument,
  open,
}: {
  instrument: AccessKey;
  /** The user's active subscriptions, in activeSubscriptions' order. */
  open: readonly AccessKey[];
}) {
  const { t } = useTranslation();
  const available = firstActiveRoute(open);
  const modules = activeModules(new Set(open));
  return (
    <Panel
      icon={<Lock aria-hidden="true" className="size-6 text-amber-300" />}
      title={t("live.accessRestrictedTitle")}
      actions={
        <>
          {available ? (
            <Link to={available} className={buttonStyles({ variant: "secondary" })}>
              {t("live.viewAvailableSignals")}
            </Link>
          ) : (
            <Link to="/dashboard" className={buttonStyles({ variant: "secondary" })}>
              {t("live.backToDashboard")}
            </Link>
          )}
          <Link to="/trading-services" className={buttonStyles()}>
            {t("live.subscribeNow")}
          </Link>
        </>
      }
    >
      <p role="alert" className="font-medium text-white">
        {LIVE_MESSAGES.accessRestricted(instrument)}
      </p>
      <p>{LIVE_MESSAGES.subscribeToUnlock}</p>
      <div className="pt-2 text-sm">
        {modules.length > 0 ? (
          <>
            <h3 className="font-medium text-ink-300">{t("live.activeModules")}</h3>
            <ul className="mt-2 flex flex-wrap justify-center gap-2">
              {modules.map((module) => (
                <li
                  key={module}
                  className="rounded-full border border-accent-400/30 bg-accent-400/10 px-3 py-1 text-accent-200"
                >
                  {module}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-ink-400">{LIVE_MESSAGES.noActiveModules}</p>
        )}
      </div>
    </Panel>
  );
}

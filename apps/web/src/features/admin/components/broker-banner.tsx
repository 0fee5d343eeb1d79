import { LogIn, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { useTranslation } from "@/i18n";
import { BROKER_BANNER_REFRESH_MS, useBrokerStatus } from "../api/get-broker";
import { loginHref } from "../utils/broker-view";
import { consoleHref } from "../utils/console-location";
import "@/features/admin/i18n/en";

/**
 * "Broker login needed", at the top of every console view but the Broker view (which says it larger): the
 * broker's daily login is due, and prices are stale until it is done. Nothing in any other state, nor
 * while the state is unknown.
 */
export function BrokerLoginBanner() {
  const { t } = useTranslation();
  const broker = useBrokerStatus(BROKER_BANNER_REFRESH_MS);
  const status = broker.data;
  if (status?.state !== "login-needed") return null;
  return (
    <section
      aria-labelledby="admin-broker-banner"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-300/50 bg-amber-300/10 p-3 text-amber-100 sm:flex-row sm:items-center sm:justify-between sm:p-4"
    >
      <div className="flex min-w-0 items-start gap-2.5">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
        <div className="min-w-0">
          <h2 id="admin-broker-banner" className="font-semibold text-amber-50">
            <Link to={consoleHref({ view: "broker" })} className="hover:underline">
              {t("admin.broker.banner")}
            </Link>
          </h2>
          {status.message ? (
            <p className="mt-0.5 text-sm break-words text-amber-100/90">{status.message}</p>
          ) : null}
        </div>
      </div>
      <a
        href={loginHref(status)}
        className={buttonStyles({ size: "sm", className: "w-full shrink-0 sm:w-auto" })}
      >
        <LogIn aria-hidden="true" className="size-4" />
        {t("admin.broker.connect")}
      </a>
    </section>
  );
}

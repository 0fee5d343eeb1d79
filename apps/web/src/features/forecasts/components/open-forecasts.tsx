import { FORECAST_SLUGS, type ForecastSlug, INSTRUMENT_SLUGS } from "@kalpa/contracts/names";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n";
import { ForecastPage } from "./forecast-page";
import "@/features/forecasts/i18n/en";

/**
 * The forecasts open to every visitor: gold, silver and the dollar index, "always unlocked" (spec section 1;
 * the server answers them without a session). NIFTY 50, BANKNIFTY and Crude Oil need the instrument's access.
 */
export const OPEN_FORECASTS: readonly ForecastSlug[] = FORECAST_SLUGS.filter(
  (slug) => !(INSTRUMENT_SLUGS as readonly string[]).includes(slug),
);

const LINK_CLASS =
  "inline-flex min-h-11 items-center gap-1 rounded font-medium text-accent-300 hover:text-accent-200 sm:min-h-0";

export interface OpenForecastsProps {
  /** The page's heading (the route's title). */
  title: string;
  /** Someone is signed in: the way to the other instruments is the dashboard, not the sign-in. */
  signedIn: boolean;
  /** The dashboard's Forecasting section. */
  forecastingHref: string;
}

/**
 * The public forecasts page's body: the dashboard's forecast page with the three open instruments, and a
 * line saying where the other three are (signing in and the contribution plans for a visitor, the
 * dashboard's Forecasting for a signed-in user).
 */
export function OpenForecasts({ title, signedIn, forecastingHref }: OpenForecastsProps) {
  const { t } = useTranslation();
  const links = signedIn
    ? [{ to: forecastingHref, label: t("forecasts.open.dashboard") }]
    : [
        { to: "/login", label: t("forecasts.lockedLogin") },
        { to: "/pricing", label: t("forecasts.lockedPlans") },
      ];
  return (
    <ForecastPage
      instruments={OPEN_FORECASTS}
      title={title}
      note={
        <div className="mt-2 max-w-3xl space-y-2 text-sm leading-relaxed">
          <p className="text-ink-200">{t("forecasts.open.lead")}</p>
          <p className="text-ink-300">
            {t("forecasts.open.others")}{" "}
            <span className="inline-flex flex-wrap gap-x-4">
              {links.map((link) => (
                <Link key={link.to} to={link.to} className={LINK_CLASS}>
                  {link.label}
                  <ArrowRight aria-hidden="true" className="size-3.5" />
                </Link>
              ))}
            </span>
          </p>
        </div>
      }
    />
  );
}

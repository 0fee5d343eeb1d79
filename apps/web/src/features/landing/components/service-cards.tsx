import { PLAN_STATS } from "@kalpa/contracts/constants";
import type { AccessKey } from "@kalpa/contracts/names";
import { ArrowRight, Droplet, Landmark, type LucideIcon, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { useTranslation } from "@/i18n";
import { Reveal } from "./reveal";
import { SectionHeading } from "./section-heading";
import "@/features/landing/i18n/en";

const SERVICES: ReadonlyArray<{
  key: AccessKey;
  text: "nifty" | "banknifty" | "crudeoil";
  exchange: "NSE" | "MCX";
  icon: LucideIcon;
}> = [
  { key: "Nifty", text: "nifty", exchange: "NSE", icon: TrendingUp },
  { key: "BankNifty", text: "banknifty", exchange: "NSE", icon: Landmark },
  { key: "CrudeOil", text: "crudeoil", exchange: "MCX", icon: Droplet },
];

/** The three research services, each with Enter the Market, and the way to the forecasts open to all. */
export function ServiceCards({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-services" className="py-14 sm:py-20">
      <Container>
        <SectionHeading
          id="landing-services"
          eyebrow={t("landing.services.eyebrow")}
          heading={t("landing.services.heading")}
          lead={t("landing.services.lead")}
        />
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {SERVICES.map(({ key, text, exchange, icon: Icon }, position) => {
            const stats = PLAN_STATS[key];
            return (
              <li key={key}>
                <Reveal delayMs={position * 100} className="h-full">
                  <article
                    aria-labelledby={`service-${text}`}
                    className="flex h-full flex-col rounded-2xl border border-white/10 bg-ink-900/70 p-6 transition-colors hover:border-accent-400/40"
                  >
                    <div className="flex items-center justify-between">
                      <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-400/10 text-accent-400">
                        <Icon aria-hidden="true" className="size-6" />
                      </span>
                      <span className="rounded-full border border-white/10 px-2.5 py-0.5 text-xs text-ink-300">
                        <span className="sr-only">{t("landing.services.exchange")}: </span>
                        {exchange}
                      </span>
                    </div>
                    <h3 id={`service-${text}`} className="mt-5 text-xl font-semibold text-white">
                      {key}
                    </h3>
                    <p className="mt-2 flex-1 text-sm leading-relaxed text-ink-300">
                      {t(`landing.services.${text}`)}
                    </p>
                    <dl className="mt-5 grid grid-cols-3 gap-2 rounded-xl bg-white/[0.03] p-3 text-center">
                      {(
                        [
                          ["models", stats.models],
                          ["setups", stats.setups],
                          ["latency", stats.latency],
                        ] as const
                      ).map(([label, value]) => (
                        <div key={label} className="flex flex-col-reverse">
                          <dt className="text-xs text-ink-300">{t(`landing.services.${label}`)}</dt>
                          <dd className="font-mono text-sm font-semibold text-white">{value}</dd>
                        </div>
                      ))}
                    </dl>
                    <Link
                      to={target}
                      aria-describedby={`service-${text}`}
                      className={buttonStyles({ className: "mt-6 w-full" })}
                    >
                      {t("landing.services.enter")}
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </Link>
                  </article>
                </Reveal>
              </li>
            );
          })}
        </ul>
        {/* Gold, silver and the dollar index are always unlocked (spec section 1): their forecasts are public. */}
        <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl border border-white/10 bg-ink-900/50 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm leading-relaxed text-ink-200">{t("landing.services.forecasts")}</p>
          <Link
            to="/forecasts"
            className={buttonStyles({ variant: "secondary", size: "sm", className: "shrink-0" })}
          >
            {t("landing.services.forecastsLink")}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </Container>
    </section>
  );
}

import { PLAN_PRICE_RUPEES, PLAN_STATS } from "@kalpa/contracts/constants";
import { ArrowRight, Check, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { useRegistration } from "@/features/site/hooks/use-registration";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatRupees } from "@/lib/format";
import { RESEARCH_SERVICES, type ResearchService, SERVICE_PARAM } from "../utils/services";
import "@/features/contribution/i18n/pricing-en";

/** The plan the spec marks MOST POPULAR. */
const POPULAR: ResearchService["id"] = "banknifty";

/** The stats each card shows: the spec's (section 9), which the operator's site settings may replace. */
export type PlanStats = Record<
  ResearchService["name"],
  { models: string; setups: string; latency: string }
>;

const STEPS = ["choose", "message", "agreement", "access"] as const;

/**
 * /pricing, Research Access Plans (spec sections 2 and 9): three plan cards (Nifty, BankNifty marked MOST
 * POPULAR, CrudeOil) with their stats, what each includes and the price per month, each with Get Started to
 * /trading-services (the plan already chosen there); then how access works and what to know.
 */
export function PricingPage({ title, stats = PLAN_STATS }: { title: string; stats?: PlanStats }) {
  const { t } = useTranslation();
  const registration = useRegistration();
  // With a research-analyst profile, SEBI's refund rule replaces "non-refundable" (decision 033).
  const withProfile = registration !== null;
  const price = formatRupees(PLAN_PRICE_RUPEES);
  return (
    <div className="relative isolate">
      <PageGlow />
      <Container className="py-14 sm:py-20">
        <header className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
            {t("pricing.eyebrow")}
          </p>
          <h1 className="mt-3 text-3xl leading-tight font-semibold tracking-tight text-white text-balance sm:text-4xl lg:text-5xl">
            {title}
          </h1>
          <p className="mt-5 text-base leading-relaxed text-ink-200 text-pretty sm:text-lg">
            {t("pricing.lead", { price })}
          </p>
        </header>

        <ul className="mx-auto mt-12 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3 lg:items-stretch">
          {RESEARCH_SERVICES.map((service) => (
            <li key={service.id} className="flex">
              <PlanCard
                service={service}
                stats={stats[service.name]}
                popular={service.id === POPULAR}
              />
            </li>
          ))}
        </ul>

        <section aria-labelledby="pricing-how" className="mt-16 sm:mt-20">
          <h2 id="pricing-how" className="text-2xl font-semibold tracking-tight text-white">
            {t("pricing.how.heading")}
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li
                key={step}
                className="flex gap-3 rounded-xl border border-white/10 bg-ink-900/60 p-5"
              >
                <span
                  aria-hidden="true"
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-400/10 font-mono text-sm font-semibold text-accent-300"
                >
                  {index + 1}
                </span>
                <p className="text-sm leading-relaxed text-ink-200">{t(`pricing.how.${step}`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section
          aria-labelledby="pricing-notes"
          className="mt-10 rounded-2xl border border-amber-300/20 bg-amber-300/5 p-5 sm:p-6"
        >
          <h2 id="pricing-notes" className="font-semibold text-white">
            {t("pricing.notes.heading")}
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-ink-200">
            <li>{t(withProfile ? "pricing.notes.refundable" : "pricing.notes.nonRefundable")}</li>
            <li>{t("pricing.notes.free")}</li>
            <li>
              {registration
                ? t("pricing.notes.educationalRegistered", registration)
                : t("pricing.notes.educational")}
            </li>
          </ul>
        </section>
      </Container>
    </div>
  );
}

function PlanCard({
  service,
  stats,
  popular,
}: {
  service: ResearchService;
  stats: PlanStats[ResearchService["name"]];
  popular: boolean;
}) {
  const { t } = useTranslation();
  const headingId = `plan-${service.id}`;
  const Icon = service.icon;
  const features = [
    t(`pricing.plans.${service.id}.model`),
    t("pricing.features.signals"),
    t(`pricing.plans.${service.id}.session`),
    t("pricing.features.forecast", { name: service.name }),
    t("pricing.features.journal"),
    t("pricing.features.support"),
  ];
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex w-full flex-col rounded-2xl border bg-ink-900/70 p-6 sm:p-7",
        popular
          ? "border-accent-400/60 shadow-xl shadow-accent-500/10 ring-1 ring-accent-400/30"
          : "border-white/10",
      )}
    >
      {popular ? (
        <p className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-accent-400 px-3 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-950">
          <Sparkles aria-hidden="true" className="size-3.5" />
          {t("pricing.popular")}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-400/10 text-accent-400">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <span className="rounded-full border border-white/10 px-2.5 py-0.5 text-xs text-ink-300">
          <span className="sr-only">{t("pricing.exchange")}: </span>
          {service.exchange}
        </span>
      </div>
      <h2 id={headingId} className="mt-5 text-2xl font-semibold text-white">
        {service.name}
      </h2>
      <p className="mt-1.5 text-sm text-ink-300">{t(`pricing.plans.${service.id}.tagline`)}</p>
      <p className="mt-5 flex items-baseline gap-2">
        <span className="text-4xl font-semibold tracking-tight text-white">
          {formatRupees(service.price)}
        </span>
        <span className="text-sm text-ink-300">{t("pricing.perMonth")}</span>
      </p>
      <dl
        aria-label={t("pricing.statsLabel", { name: service.name })}
        className="mt-5 grid grid-cols-3 gap-2 rounded-xl bg-white/[0.03] p-3 text-center"
      >
        {(["models", "setups", "latency"] as const).map((label) => (
          <div key={label} className="flex flex-col-reverse">
            <dt className="text-xs text-ink-300">{t(`pricing.${label}`)}</dt>
            <dd className="font-mono text-sm font-semibold text-white">{stats[label]}</dd>
          </div>
        ))}
      </dl>
      <h3 className="sr-only">{t("pricing.includes", { name: service.name })}</h3>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-ink-200">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Link
        to={`/trading-services?${SERVICE_PARAM}=${service.id}`}
        aria-describedby={headingId}
        className={buttonStyles({
          variant: popular ? "primary" : "secondary",
          className: "mt-7 w-full",
        })}
      >
        {t("pricing.getStarted")}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </article>
  );
}

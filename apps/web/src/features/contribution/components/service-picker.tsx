import { ArrowLeft, ArrowRight, CircleCheck } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { useTranslation } from "@/i18n";
import { formatRupees } from "@/lib/format";
import {
  findService,
  RESEARCH_SERVICES,
  type ResearchService,
  SERVICE_PARAM,
} from "../utils/services";
import "@/features/contribution/i18n/en";

/**
 * /trading-services (spec sections 2 and 4): one service chosen among three tiles (radio buttons, so the
 * arrow keys move the choice), a summary, and Proceed to the Contribution page with the service in the URL
 * (`/whatsapp-contact?service=banknifty`). `?service=` preselects a tile (the pricing page's Get Started).
 * Opened from the dashboard the site's bar is hidden, so the page offers its own way back.
 */
export function ServicePicker({ title, fromDashboard }: { title: string; fromDashboard: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<ResearchService | undefined>(() =>
    findService(params.get(SERVICE_PARAM)),
  );
  const name = useId();

  const proceed = () => {
    if (chosen) navigate(`/whatsapp-contact?${SERVICE_PARAM}=${chosen.id}`);
  };

  return (
    <div className="relative isolate">
      <PageGlow />
      <Container className="py-10 sm:py-16">
        {fromDashboard ? (
          <Link
            to="/dashboard"
            className={buttonStyles({ variant: "ghost", size: "sm", className: "-ml-3 mb-4" })}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("contribution.services.backToDashboard")}
          </Link>
        ) : null}
        <h1 className="text-3xl leading-tight font-semibold tracking-tight text-white sm:text-4xl">
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-ink-200 sm:text-lg">
          {t("contribution.services.lead")}
        </p>

        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <fieldset>
            <legend className="sr-only">{t("contribution.services.legend")}</legend>
            <div className="grid gap-4 md:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
              {RESEARCH_SERVICES.map((service) => (
                <ServiceTile
                  key={service.id}
                  service={service}
                  name={name}
                  checked={chosen === service}
                  onChoose={() => setChosen(service)}
                />
              ))}
            </div>
          </fieldset>

          <aside
            aria-labelledby="services-summary"
            // On a phone it stays in view at the bottom while the tiles scroll past, so Proceed is at hand.
            className="sticky bottom-3 z-10 rounded-2xl border border-white/10 bg-ink-900/95 p-5 shadow-2xl shadow-black/60 backdrop-blur sm:p-6 lg:top-24 lg:bottom-auto lg:shadow-none"
          >
            <h2 id="services-summary" className="text-lg font-semibold text-white">
              {t("contribution.services.summary")}
            </h2>
            {chosen ? (
              <dl className="mt-4 space-y-3 text-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <dt className="text-ink-300">{t("contribution.services.chosen")}</dt>
                  <dd className="font-semibold text-white">{chosen.name}</dd>
                </div>
                <div className="flex items-baseline justify-between gap-3">
                  <dt className="text-ink-300">{t("contribution.services.price")}</dt>
                  <dd className="font-semibold text-white">
                    {t("contribution.services.perMonth", { price: formatRupees(chosen.price) })}
                  </dd>
                </div>
              </dl>
            ) : (
              <p className="mt-3 text-sm text-ink-300">
                {t("contribution.services.nothingChosen")}
              </p>
            )}
            <p className="mt-4 text-sm text-ink-400">{t("contribution.services.next")}</p>
            <button
              type="button"
              onClick={proceed}
              disabled={!chosen}
              className={buttonStyles({ className: "mt-5 w-full" })}
            >
              {t("contribution.services.proceed")}
              <ArrowRight aria-hidden="true" className="size-4" />
            </button>
          </aside>
        </div>
      </Container>
    </div>
  );
}

function ServiceTile({
  service,
  name,
  checked,
  onChoose,
}: {
  service: ResearchService;
  name: string;
  checked: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const Icon = service.icon;
  const inputId = `${name}-${service.id}`;
  return (
    <label
      htmlFor={inputId}
      className="group relative flex h-full cursor-pointer flex-col rounded-2xl border border-white/10 bg-ink-900/70 p-5 transition-colors hover:border-accent-400/40 has-[:checked]:border-accent-400 has-[:checked]:bg-accent-400/[0.07] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400"
    >
      <input
        id={inputId}
        type="radio"
        name={name}
        value={service.id}
        checked={checked}
        onChange={onChoose}
        aria-labelledby={`${inputId}-name`}
        aria-describedby={`${inputId}-details`}
        className="sr-only"
      />
      <span className="flex items-center justify-between gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-accent-400/10 text-accent-400">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <CircleCheck
          aria-hidden="true"
          className="size-5 text-accent-400 opacity-0 transition-opacity group-has-[:checked]:opacity-100"
        />
      </span>
      <span id={`${inputId}-name`} className="mt-4 text-lg font-semibold text-white">
        {service.name}
      </span>
      <span id={`${inputId}-details`} className="mt-1.5 flex flex-1 flex-col">
        <span className="flex-1 text-sm leading-relaxed text-ink-300">
          {t(`contribution.services.${service.id}`)}
        </span>
        <span className="mt-3 text-xs text-ink-400">
          {t("contribution.services.modules", { modules: service.modules.join(", ") })}
        </span>
        <span className="mt-0.5 text-xs text-ink-400">
          {t("contribution.services.exchange", { exchange: service.exchange })}
        </span>
        <span className="mt-3 font-semibold text-white">
          {t("contribution.services.perMonth", { price: formatRupees(service.price) })}
        </span>
      </span>
    </label>
  );
}

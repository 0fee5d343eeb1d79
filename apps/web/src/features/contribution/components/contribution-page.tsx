import type { RiskDisclosureStatus } from "@kalpa/contracts/api/access";
import type { SiteInfo } from "@kalpa/contracts/api/site";
import { ArrowLeft, MessageCircle, Plus, X } from "lucide-react";
import { useState } from "react";
import { useNavigate, useNavigationType, useSearchParams } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { FormMessage } from "@/components/ui/form-message";
import { PageGlow } from "@/components/ui/page-glow";
import { useTranslation } from "@/i18n";
import { formatRupees } from "@/lib/format";
import { chatLink, contributionMessage, type MessageSender } from "../utils/contribution-message";
import type { Loadable } from "../utils/loadable";
import {
  RESEARCH_SERVICES,
  type ResearchService,
  SERVICE_PARAM,
  servicesFrom,
  totalRupees,
} from "../utils/services";
import { AgreementStatus } from "./agreement-status";
import "@/features/contribution/i18n/en";
import { useResearchAnalyst } from "@/features/site/api/get-research-analyst";

export interface ContributionPageProps {
  title: string;
  /** The founder's contact (GET /api/site). */
  operator: Loadable<SiteInfo["operator"]>;
  /** Who is writing (the signed-in user), named in the message. */
  sender: MessageSender | null;
  /** Where the user stands with the risk disclosure agreement (GET /api/subscription/status). */
  agreement: Loadable<RiskDisclosureStatus>;
}

/**
 * /whatsapp-contact, the Contribution page (spec sections 2, 4 and 9): the selected services (from
 * `?service=`, one or more), adding and removing them, the total when more than one, the button that opens
 * the messaging app with a pre-filled message to the founder, and a back button. Below, the risk disclosure
 * agreement: whether the signed copy has been received, and how to send it.
 */
export function ContributionPage({ title, operator, sender, agreement }: ContributionPageProps) {
  const { t, language } = useTranslation();
  // With a research-analyst profile, SEBI's refund rule replaces "non-refundable" (decision 033).
  const withProfile = Boolean(useResearchAnalyst().data?.profile);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const selected = servicesFrom(params.getAll(SERVICE_PARAM));
  const available = RESEARCH_SERVICES.filter((service) => !selected.includes(service));

  const select = (services: readonly ResearchService[]) => {
    const next = new URLSearchParams(params);
    next.delete(SERVICE_PARAM);
    for (const service of services) next.append(SERVICE_PARAM, service.id);
    // The selection is part of the page, not a step in the history: Back leaves the page.
    setParams(next, { replace: true, preventScrollReset: true });
  };

  // Arrived by a link within the site, Back returns there; opened directly (or reloaded) there is nothing
  // of the site's to go back to, so Back offers the services.
  const navigationType = useNavigationType();
  const [arrivedByLink] = useState(() => navigationType !== "POP");
  const goBack = () => (arrivedByLink ? navigate(-1) : navigate("/trading-services"));

  const signedCopyPending = typeof agreement === "object" && !agreement.signedCopyReceived;
  const message =
    typeof operator === "object" && selected.length > 0
      ? contributionMessage({
          t,
          language,
          operatorName: operator.name,
          sender,
          services: selected,
          signedCopyPending,
        })
      : null;

  return (
    <div className="relative isolate">
      <PageGlow />
      <Container className="py-10 sm:py-16">
        <button
          type="button"
          onClick={goBack}
          className={buttonStyles({ variant: "ghost", size: "sm", className: "-ml-3 mb-4" })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("contribution.page.back")}
        </button>
        <h1 className="text-3xl leading-tight font-semibold tracking-tight text-white sm:text-4xl">
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-ink-200 sm:text-lg">
          {t("contribution.page.lead")}
        </p>

        <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
          <section
            aria-labelledby="contribution-selected"
            className="rounded-2xl border border-white/10 bg-ink-900/70 p-5 sm:p-6"
          >
            <h2 id="contribution-selected" className="text-lg font-semibold text-white">
              {t("contribution.page.selected")}
            </h2>
            {selected.length === 0 ? (
              <p className="mt-3 text-sm text-ink-300">{t("contribution.page.none")}</p>
            ) : (
              <ul
                aria-labelledby="contribution-selected"
                className="mt-4 divide-y divide-white/5 rounded-xl border border-white/10"
              >
                {selected.map((service) => (
                  <SelectedService
                    key={service.id}
                    service={service}
                    onRemove={() => select(selected.filter((item) => item !== service))}
                  />
                ))}
              </ul>
            )}

            {selected.length > 1 ? (
              <dl className="mt-4 flex items-baseline justify-between gap-3 rounded-xl bg-accent-400/[0.07] px-4 py-3">
                <dt className="font-semibold text-white">{t("contribution.page.total")}</dt>
                <dd className="text-right">
                  <span className="text-xl font-semibold text-white">
                    {formatRupees(totalRupees(selected))}
                  </span>{" "}
                  <span className="text-sm text-ink-300">{t("contribution.page.perMonth")}</span>
                </dd>
              </dl>
            ) : null}

            {available.length > 0 ? (
              <div className="mt-6">
                <h3 className="text-sm font-medium text-ink-200">{t("contribution.page.add")}</h3>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {available.map((service) => (
                    <li key={service.id}>
                      <button
                        type="button"
                        onClick={() => select([...selected, service])}
                        className={buttonStyles({ variant: "secondary", size: "sm" })}
                      >
                        <Plus aria-hidden="true" className="size-4" />
                        {t("contribution.page.addOne", { name: service.name })}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            <div className="mt-8 border-t border-white/10 pt-6">
              <ContributeButton operator={operator} message={message} />
              {message ? (
                <details className="mt-4 text-sm text-ink-300">
                  <summary className="cursor-pointer rounded text-ink-200 hover:text-white">
                    {t("contribution.page.preview")}
                  </summary>
                  <p className="mt-2 rounded-xl border border-white/10 bg-ink-950/60 p-3 whitespace-pre-line text-ink-200">
                    {message}
                  </p>
                </details>
              ) : null}
              <p className="mt-4 text-xs leading-relaxed text-ink-400">
                {t(
                  withProfile ? "contribution.page.refundable" : "contribution.page.nonRefundable",
                )}
              </p>
            </div>
          </section>

          <AgreementStatus agreement={agreement} operator={operator} />
        </div>
      </Container>
    </div>
  );
}

function SelectedService({
  service,
  onRemove,
}: {
  service: ResearchService;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const Icon = service.icon;
  return (
    <li className="flex items-center gap-3 p-3 sm:p-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-400/10 text-accent-400">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-white">{service.name}</span>
        <span className="block text-sm text-ink-300">
          {t("contribution.services.perMonth", { price: formatRupees(service.price) })}
        </span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t("contribution.page.remove", { name: service.name })}
        className={buttonStyles({ variant: "ghost", size: "sm", className: "shrink-0 px-2.5" })}
      >
        <X aria-hidden="true" className="size-4" />
        <span aria-hidden="true" className="hidden sm:inline">
          {t("contribution.page.removeShort")}
        </span>
      </button>
    </li>
  );
}

function ContributeButton({
  operator,
  message,
}: {
  operator: Loadable<SiteInfo["operator"]>;
  message: string | null;
}) {
  const { t } = useTranslation();
  if (operator === "error") {
    return <FormMessage tone="error">{t("contribution.page.contactUnavailable")}</FormMessage>;
  }
  const label = (
    <>
      <MessageCircle aria-hidden="true" className="size-5" />
      {t("contribution.page.contribute")}
    </>
  );
  if (operator === "pending" || message === null) {
    return (
      <>
        <button type="button" disabled className={buttonStyles({ className: "w-full sm:w-auto" })}>
          {label}
        </button>
        <p className="mt-2 text-sm text-ink-400">
          {operator === "pending"
            ? t("contribution.page.contactLoading")
            : t("contribution.page.chooseFirst")}
        </p>
      </>
    );
  }
  return (
    <a
      href={chatLink(operator.whatsapp, message)}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonStyles({ className: "w-full sm:w-auto" })}
    >
      {label}
      <span className="sr-only"> {t("contribution.page.opensInNewTab")}</span>
    </a>
  );
}

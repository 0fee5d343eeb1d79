import { Mail, MessageCircle, Phone } from "lucide-react";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { useTranslation } from "@/i18n";
import "@/features/policies/i18n/en";

const linkClass =
  "inline-flex items-center gap-2 rounded text-accent-200 underline-offset-4 hover:text-accent-100 hover:underline";

/** The operator's support contacts, from the site configuration. */
export function PolicyContact() {
  const { t } = useTranslation();
  const site = useSiteInfo();

  return (
    <div
      className="my-5 rounded-xl border border-white/10 bg-white/[0.03] p-5 sm:p-6"
      data-testid="policy-contact"
    >
      <p className="text-sm font-semibold text-white">{t("policyPage.contactTitle")}</p>
      {site.data ? (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6">
          <dt className="text-ink-300">{t("policyPage.name")}</dt>
          <dd className="font-medium text-ink-50">{site.data.operator.name}</dd>
          <dt className="text-ink-300">{t("policyPage.email")}</dt>
          <dd className="min-w-0">
            <a href={`mailto:${site.data.operator.email}`} className={linkClass}>
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span className="break-all">{site.data.operator.email}</span>
            </a>
          </dd>
          <dt className="text-ink-300">{t("policyPage.phone")}</dt>
          <dd>
            <a
              href={`tel:${site.data.operator.phone.replace(/[^\d+]/g, "")}`}
              className={linkClass}
            >
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              {site.data.operator.phone}
            </a>
          </dd>
          <dt className="text-ink-300">{t("policyPage.whatsapp")}</dt>
          <dd>
            <a
              href={`https://wa.me/${site.data.operator.whatsapp.replace(/\D/g, "")}`}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
            >
              <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
              {t("policyPage.chat")}
              <span className="sr-only"> {t("policyPage.opensInNewTab")}</span>
            </a>
          </dd>
        </dl>
      ) : site.isError ? (
        <p className="mt-3 text-sm text-ink-300">{t("policyPage.contactUnavailable")}</p>
      ) : (
        <p role="status" className="mt-3 text-sm text-ink-300">
          {t("policyPage.contactLoading")}
        </p>
      )}
      <p className="mt-4 text-xs text-ink-300">{t("policyPage.hours")}</p>
    </div>
  );
}

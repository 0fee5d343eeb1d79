import type { SiteInfo } from "@kalpa/contracts/api/site";
import { Clock, Mail, Phone } from "lucide-react";
import { type ReactNode, useId } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import "@/features/contact/i18n/en";

function initials(name: string): string {
  const parts = name
    .replace(/[^\p{L}\s]/gu, " ")
    .trim()
    .split(/\s+/);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** tel: wants the digits (and a leading +) only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The founder's card: name, e-mail and phone, with mail and call actions. */
export function ContactCard({ operator }: { operator: SiteInfo["operator"] }) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <section
      aria-labelledby={nameId}
      className="w-full max-w-xl rounded-2xl border border-white/10 bg-ink-900/70 p-6 shadow-xl shadow-black/20 sm:p-8"
    >
      <div className="flex items-center gap-4">
        <div
          aria-hidden="true"
          className="grid size-16 shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent-300 to-accent-600 text-xl font-semibold text-ink-950"
        >
          {initials(operator.name)}
        </div>
        <div className="min-w-0">
          <h2 id={nameId} className="text-xl font-semibold text-white break-words">
            {operator.name}
          </h2>
          <p className="text-sm text-accent-300">{t("contactPage.founder")}</p>
        </div>
      </div>

      <ul className="mt-6 space-y-4 text-sm">
        <li className="flex items-start gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
          <div className="min-w-0">
            <span className="block text-ink-300">{t("contactPage.email")}</span>
            <span className="font-medium break-all text-ink-50">{operator.email}</span>
          </div>
        </li>
        <li className="flex items-start gap-3">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
          <div>
            <span className="block text-ink-300">{t("contactPage.phone")}</span>
            <span className="font-medium text-ink-50 tabular-nums">{operator.phone}</span>
          </div>
        </li>
      </ul>
      <p className="mt-4 flex items-center gap-3 text-sm text-ink-200">
        <Clock aria-hidden="true" className="size-4 shrink-0 text-accent-400" />
        {t("contactPage.supportHours")}
      </p>

      <div className="mt-7 grid gap-3 sm:grid-cols-2">
        <a
          href={`mailto:${operator.email}`}
          aria-label={t("contactPage.emailAction", { name: operator.name })}
          className={buttonStyles({ variant: "primary" })}
        >
          <Mail aria-hidden="true" className="size-4" />
          {t("contactPage.sendEmail")}
        </a>
        <a
          href={telHref(operator.phone)}
          aria-label={t("contactPage.callAction", { name: operator.name })}
          className={buttonStyles({ variant: "secondary" })}
        >
          <Phone aria-hidden="true" className="size-4" />
          {t("contactPage.call")}
        </a>
      </div>
    </section>
  );
}

/**
 * The founder's card with its loading and error states, from the operator configuration. On /contact it sits
 * under the page heading; `embedded` (the dashboard) leaves the page's heading and spacing to the host.
 */
export function ContactSection({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const site = useSiteInfo();

  let body: ReactNode;
  if (site.data) body = <ContactCard operator={site.data.operator} />;
  else if (site.isError)
    body = (
      <div role="alert" className="max-w-xl rounded-xl border border-red-400/30 bg-red-400/10 p-5">
        <p className="text-sm text-red-100">{t("contactPage.unavailable")}</p>
        <button
          type="button"
          onClick={() => void site.refetch()}
          className={buttonStyles({ variant: "secondary", size: "sm", className: "mt-4" })}
        >
          {t("common.retry")}
        </button>
      </div>
    );
  else
    body = (
      <p role="status" className="text-sm text-ink-300">
        {t("contactPage.loading")}
      </p>
    );

  return <div className={cn(embedded ? "w-full" : "mt-10")}>{body}</div>;
}

import type { SiteInfo } from "@kalpa/contracts/api/site";
import { COPYRIGHT_YEAR } from "@kalpa/contracts/constants";
import { Mail, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandMark } from "@/components/ui/brand-mark";
import { Container } from "@/components/ui/container";
import { LanguageSwitch } from "@/components/ui/language-switch";
import { useTranslation } from "@/i18n";

export type FooterContact =
  | { status: "pending" }
  | { status: "error" }
  | { status: "success"; operator: SiteInfo["operator"] };

type QuickLinkKey =
  | "routes.home.title"
  | "routes.pricing.title"
  | "routes.paperTrade.title"
  | "routes.forecasts.title"
  | "routes.models.title"
  | "routes.faq.title"
  | "routes.record.title"
  | "routes.help.title"
  | "routes.contact.title";

const QUICK_LINKS: ReadonlyArray<{ to: string; label: QuickLinkKey }> = [
  { to: "/", label: "routes.home.title" },
  { to: "/pricing", label: "routes.pricing.title" },
  { to: "/paper-trade", label: "routes.paperTrade.title" },
  { to: "/forecasts", label: "routes.forecasts.title" },
  { to: "/models", label: "routes.models.title" },
  { to: "/record", label: "routes.record.title" },
  { to: "/faq", label: "routes.faq.title" },
  { to: "/help", label: "routes.help.title" },
  { to: "/contact", label: "routes.contact.title" },
];

const POLICY_LINKS = [
  { to: "/policies/privacy", label: "policies.privacy" },
  { to: "/policies/terms", label: "policies.terms" },
  { to: "/policies/disclaimer", label: "policies.disclaimer" },
  { to: "/policies/cookie", label: "policies.cookie" },
] as const;

const linkClass = "rounded text-ink-300 transition-colors hover:text-white";

type FooterLink = { to: string; label: QuickLinkKey | (typeof POLICY_LINKS)[number]["label"] };

function FooterLinks({
  items,
  className,
}: {
  items: ReadonlyArray<FooterLink>;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={linkClass}>
            {t(item.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FooterHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-sm font-semibold tracking-wide text-white">
      {children}
    </h2>
  );
}

function ContactDetails({ contact }: { contact: FooterContact }) {
  const { t } = useTranslation();
  if (contact.status === "pending") {
    return (
      <p role="status" className="text-sm text-ink-400">
        {t("footer.contactLoading")}
      </p>
    );
  }
  if (contact.status === "error") {
    return <p className="text-sm text-ink-400">{t("footer.contactUnavailable")}</p>;
  }
  const { operator } = contact;
  const phoneHref = `tel:${operator.phone.replace(/[^\d+]/g, "")}`;
  const whatsappHref = `https://wa.me/${operator.whatsapp.replace(/\D/g, "")}`;
  return (
    <ul className="space-y-3 text-sm">
      <li className="font-medium text-ink-100">{operator.name}</li>
      <li>
        <a
          href={`mailto:${operator.email}`}
          className={`${linkClass} inline-flex items-center gap-2`}
        >
          <Mail aria-hidden="true" className="size-4 text-accent-400" />
          <span className="sr-only">{t("footer.email")}: </span>
          <span className="break-all">{operator.email}</span>
        </a>
      </li>
      <li>
        <a href={phoneHref} className={`${linkClass} inline-flex items-center gap-2`}>
          <Phone aria-hidden="true" className="size-4 text-accent-400" />
          <span className="sr-only">{t("footer.phone")}: </span>
          {operator.phone}
        </a>
      </li>
      <li>
        <a
          href={whatsappHref}
          target="_blank"
          rel="noopener noreferrer"
          className={`${linkClass} inline-flex items-center gap-2`}
        >
          <MessageCircle aria-hidden="true" className="size-4 text-accent-400" />
          {t("footer.whatsapp")}
          <span className="sr-only"> {t("footer.opensInNewTab")}</span>
        </a>
      </li>
    </ul>
  );
}

/** "09:15-15:40"; a dash until the site's answer says which hours are in force today. */
function span(hours: { open: string; close: string } | undefined): string {
  return hours ? `${hours.open}-${hours.close}` : "—";
}

export function SiteFooter({
  brandName,
  contact,
  tradingHours,
  registration,
}: {
  brandName: string;
  contact: FooterContact;
  /**
   * The operator's research-analyst registration block: with it, it stands in place of the spec's
   * disclaimer (which says there is no registration) and carries its own.
   */
  registration?: ReactNode;
  /** Each exchange's hours in force today, from the server's dated table (decision 025). */
  tradingHours: SiteInfo["tradingHours"] | undefined;
}) {
  const { t } = useTranslation();
  const hours = [
    { name: "NSE", value: span(tradingHours?.NSE) },
    { name: "MCX", value: span(tradingHours?.MCX) },
    { name: t("footer.support"), value: t("footer.supportHours") },
  ];

  return (
    <footer className="border-t border-white/10 bg-ink-900/60">
      <Container className="py-12 sm:py-14">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
          <div className="col-span-2 space-y-4 lg:col-span-1">
            <div className="flex items-center gap-2.5">
              <BrandMark />
              <span className="text-lg font-semibold tracking-tight text-white">{brandName}</span>
            </div>
            <p className="max-w-xs text-sm leading-relaxed text-ink-300">{t("footer.tagline")}</p>
          </div>

          <nav aria-labelledby="footer-quick-links" className="space-y-4">
            <FooterHeading id="footer-quick-links">{t("footer.quickLinks")}</FooterHeading>
            <FooterLinks items={QUICK_LINKS} className="space-y-2.5 text-sm" />
          </nav>

          <section aria-labelledby="footer-hours" className="space-y-4">
            <FooterHeading id="footer-hours">{t("footer.tradingHours")}</FooterHeading>
            <dl className="space-y-2.5 text-sm">
              {hours.map((row) => (
                <div
                  key={row.name}
                  className="flex items-baseline justify-between gap-4 sm:max-w-56"
                >
                  <dt className="text-ink-300">{row.name}</dt>
                  <dd className="font-mono text-ink-100 tabular-nums">{row.value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-xs text-ink-400">{t("footer.timesNote")}</p>
          </section>

          <section aria-labelledby="footer-contact" className="col-span-2 space-y-4 lg:col-span-1">
            <FooterHeading id="footer-contact">{t("footer.contact")}</FooterHeading>
            <ContactDetails contact={contact} />
          </section>
        </div>

        <div className="mt-12 flex flex-col gap-6 border-t border-white/10 pt-8 lg:flex-row lg:items-center lg:justify-between">
          <nav aria-label={t("footer.policies")}>
            <FooterLinks items={POLICY_LINKS} className="flex flex-wrap gap-x-6 gap-y-2 text-sm" />
          </nav>
          <LanguageSwitch />
        </div>

        {registration ?? (
          <p className="mt-8 max-w-4xl text-xs leading-relaxed text-ink-300">
            {t("footer.disclaimer")}
          </p>
        )}
        <p className="mt-4 text-xs text-ink-400">
          {t("footer.copyright", { year: COPYRIGHT_YEAR, brand: brandName })}
        </p>
      </Container>
    </footer>
  );
}

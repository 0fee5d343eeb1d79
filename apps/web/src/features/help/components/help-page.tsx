import type { SiteInfo } from "@kalpa/contracts/api/site";
import {
  ArrowRight,
  BookOpen,
  KeyRound,
  Mail,
  MessageCircle,
  Phone,
  ShieldCheck,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { PageGlow } from "@/components/ui/page-glow";
import { useSiteInfo } from "@/features/site/api/get-site-info";
import { useBrandName } from "@/features/site/hooks/use-brand-name";
import { useTranslation } from "@/i18n";
import "@/features/help/i18n/en";

/** The messaging-app chat link to the operator with a pre-filled message. */
export function whatsappQueryHref(whatsapp: string, message: string): string {
  return `https://wa.me/${whatsapp.replace(/\D/g, "")}?text=${encodeURIComponent(message)}`;
}

function Channel({
  icon,
  title,
  body,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-xl border border-white/10 bg-white/[0.03] p-5">
      <div className="flex items-center gap-3">
        <span className="grid size-9 place-items-center rounded-lg bg-accent-400/10 text-accent-300">
          {icon}
        </span>
        <h3 className="font-semibold text-white">{title}</h3>
      </div>
      <p className="mt-3 text-sm text-ink-300">{body}</p>
      <div className="mt-3 min-w-0 text-sm font-medium">{children}</div>
    </li>
  );
}

const channelLink =
  "rounded break-all text-accent-200 underline-offset-4 hover:text-accent-100 hover:underline";

function Channels({ operator }: { operator: SiteInfo["operator"] }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-5 grid gap-4 sm:grid-cols-3">
      <Channel
        icon={<MessageCircle aria-hidden="true" className="size-5" />}
        title={t("helpPage.whatsappTitle")}
        body={t("helpPage.whatsappBody")}
      >
        <a
          href={`https://wa.me/${operator.whatsapp.replace(/\D/g, "")}`}
          target="_blank"
          rel="noopener noreferrer"
          className={channelLink}
        >
          +{operator.whatsapp.replace(/\D/g, "")}
          <span className="sr-only"> {t("helpPage.opensInNewTab")}</span>
        </a>
      </Channel>
      <Channel
        icon={<Phone aria-hidden="true" className="size-5" />}
        title={t("helpPage.phoneTitle")}
        body={t("helpPage.phoneBody")}
      >
        <a href={`tel:${operator.phone.replace(/[^\d+]/g, "")}`} className={channelLink}>
          {operator.phone}
        </a>
      </Channel>
      <Channel
        icon={<Mail aria-hidden="true" className="size-5" />}
        title={t("helpPage.emailTitle")}
        body={t("helpPage.emailBody")}
      >
        <a href={`mailto:${operator.email}`} className={channelLink}>
          {operator.email}
        </a>
      </Channel>
    </ul>
  );
}

function SelfHelp({
  icon,
  title,
  body,
  links,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <li className="rounded-xl border border-white/10 bg-ink-900/60 p-5">
      <div className="flex items-center gap-3 text-accent-300">
        {icon}
        <h3 className="font-semibold text-white">{title}</h3>
      </div>
      <p className="mt-3 text-sm text-ink-300">{body}</p>
      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex items-center gap-1.5 rounded font-medium text-accent-200 hover:text-accent-100"
            >
              {link.label}
              <ArrowRight aria-hidden="true" className="size-3.5" />
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function HelpPage() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const brand = useBrandName();
  const operator = site.data?.operator;

  return (
    <div className="relative isolate">
      <PageGlow />
      <Container className="py-14 sm:py-20">
        <h1 className="text-3xl leading-tight font-semibold tracking-tight text-white sm:text-4xl lg:text-5xl">
          {t("routes.help.title")}
        </h1>
        <p className="mt-5 max-w-2xl text-base leading-relaxed text-ink-200 sm:text-lg">
          {t("helpPage.intro")}
        </p>

        <section
          aria-labelledby="help-query"
          className="mt-10 rounded-2xl border border-accent-400/20 bg-gradient-to-br from-accent-400/10 to-transparent p-6 sm:p-8"
        >
          <h2 id="help-query" className="text-xl font-semibold text-white">
            {t("helpPage.queryTitle")}
          </h2>
          <p className="mt-2 max-w-2xl text-sm text-ink-200 sm:text-base">
            {t("helpPage.queryBody")}
          </p>
          <div className="mt-6">
            {operator ? (
              <a
                href={whatsappQueryHref(operator.whatsapp, t("helpPage.queryMessage", { brand }))}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonStyles({ className: "w-full sm:w-auto" })}
              >
                <MessageCircle aria-hidden="true" className="size-5" />
                {t("helpPage.queryButton")}
                <span className="sr-only"> {t("helpPage.opensInNewTab")}</span>
              </a>
            ) : site.isError ? (
              <div role="alert" className="text-sm text-red-100">
                <p>{t("helpPage.unavailable")}</p>
                <button
                  type="button"
                  onClick={() => void site.refetch()}
                  className={buttonStyles({ variant: "secondary", size: "sm", className: "mt-3" })}
                >
                  {t("common.retry")}
                </button>
              </div>
            ) : (
              <p role="status" className="text-sm text-ink-300">
                {t("helpPage.loading")}
              </p>
            )}
          </div>
        </section>

        <section aria-labelledby="help-channels" className="mt-14">
          <h2 id="help-channels" className="text-xl font-semibold text-white">
            {t("helpPage.channelsTitle")}
          </h2>
          {operator ? <Channels operator={operator} /> : null}
        </section>

        <section aria-labelledby="help-self" className="mt-14">
          <h2 id="help-self" className="text-xl font-semibold text-white">
            {t("helpPage.selfHelpTitle")}
          </h2>
          <ul className="mt-5 grid gap-4 md:grid-cols-3">
            <SelfHelp
              icon={<KeyRound aria-hidden="true" className="size-5" />}
              title={t("helpPage.recoveryTitle")}
              body={t("helpPage.recoveryBody")}
              links={[{ to: "/login", label: t("helpPage.recoveryLink") }]}
            />
            <SelfHelp
              icon={<BookOpen aria-hidden="true" className="size-5" />}
              title={t("helpPage.faqTitle")}
              body={t("helpPage.faqBody")}
              links={[{ to: "/faq", label: t("helpPage.faqLink") }]}
            />
            <SelfHelp
              icon={<ShieldCheck aria-hidden="true" className="size-5" />}
              title={t("helpPage.policiesTitle")}
              body={t("helpPage.policiesBody")}
              links={[
                { to: "/policies/privacy", label: t("helpPage.privacyLink") },
                { to: "/policies/disclaimer", label: t("helpPage.disclaimerLink") },
              ]}
            />
          </ul>
        </section>
      </Container>
    </div>
  );
}

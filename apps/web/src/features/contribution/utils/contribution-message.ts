/**
 * The pre-filled message of the Contribution page (spec sections 2 and 7): who the user is, the services,
 * each price and the total, sent to the founder through the messaging app's chat link.
 */
import { INTL_LOCALES, isLanguage, type Translate } from "@/i18n";
import { formatRupees } from "@/lib/format";
import { type ResearchService, totalRupees } from "./services";
import "@/features/contribution/i18n/en";

export interface MessageSender {
  name: string;
  username: string;
}

/** "Nifty", "Nifty and BankNifty", "Nifty, BankNifty and CrudeOil" (in the reader's language). */
function listOf(names: readonly string[], language: string): string {
  const locale = INTL_LOCALES[isLanguage(language) ? language : "en"];
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
}

export function contributionMessage({
  t,
  language,
  operatorName,
  sender,
  services,
  signedCopyPending,
}: {
  t: Translate;
  language: string;
  operatorName: string;
  sender: MessageSender | null;
  services: readonly ResearchService[];
  /** The signed agreement has not reached the founder: the message says it will follow. */
  signedCopyPending: boolean;
}): string {
  const price = formatRupees(services[0]?.price ?? 0);
  const names = listOf(
    services.map((service) => service.name),
    language,
  );
  const lines = [
    t("contribution.message.greeting", { operator: operatorName }),
    sender ? t("contribution.message.intro", { name: sender.name, username: sender.username }) : "",
    t("contribution.message.request", {
      count: services.length,
      services: names,
      price,
      total: formatRupees(totalRupees(services)),
    }),
    signedCopyPending ? t("contribution.message.agreement") : "",
    t("contribution.message.close"),
  ];
  return lines.filter(Boolean).join("\n");
}

/** The messaging app's chat link to `whatsapp` (any formatting) with `text` filled in. */
export function chatLink(whatsapp: string, text: string): string {
  return `https://wa.me/${whatsapp.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

import { INSTRUMENTS } from "@kalpa/contracts/names";
import { useTranslation } from "@/i18n";
import "@/features/dashboard/i18n/en";

/**
 * The live market cards (spec section 1: NIFTY, BANKNIFTY, CRUDEOIL). The market feed arrives with a later
 * issue: until then each card says it is waiting for it, and no figure is shown.
 */
export function MarketCardsSlot() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="markets-heading">
      <h2 id="markets-heading" className="text-lg font-semibold text-white">
        {t("dashboardPage.markets.heading")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {INSTRUMENTS.map((instrument) => (
          <li
            key={instrument.symbol}
            aria-busy="true"
            className="rounded-2xl border border-white/10 bg-ink-900/70 p-5"
          >
            <div className="flex items-center justify-between gap-3">
              <span className="font-semibold tracking-wide text-white">{instrument.symbol}</span>
              <span className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-ink-300">
                {instrument.exchange}
              </span>
            </div>
            <div aria-hidden="true" className="mt-4 space-y-2 motion-safe:animate-pulse">
              <div className="h-7 w-2/3 rounded-md bg-white/10" />
              <div className="h-4 w-1/3 rounded-md bg-white/5" />
            </div>
            <p className="mt-3 text-sm text-ink-300">{t("dashboardPage.markets.waiting")}</p>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-ink-400">{t("dashboardPage.markets.note")}</p>
    </section>
  );
}

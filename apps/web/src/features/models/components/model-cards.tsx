import type { ModelCard, RealHistoryModel } from "@kalpa/contracts/api/models";
import { PAPER_TRADE_DEFAULT_DAYS } from "@kalpa/contracts/constants";
import type { ModelId } from "@kalpa/contracts/names";
import { ArrowLeft, LoaderCircle, Lock, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { loginPathReturningTo } from "@/features/auth/utils/safe-next-path";
import { Money } from "@/features/journal/components/day-groups";
import { DecisionToSend } from "@/features/journal/components/decision-to-send";
import { type TranslationKey, useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { formatDayKey } from "@/lib/dates";
import { formatNumber, formatRupees } from "@/lib/format";
import { useModelCards } from "../api/get-model-cards";
import { modelsEn } from "../i18n/en";
import { BacktestChart } from "./backtest-chart";
import "@/features/models/i18n/en";
import "@/features/research-analyst/i18n/en";

type ContentKey = keyof typeof modelsEn.content;

/** Which rules and failure modes a model's card reads (both KalpaVruksha models share theirs). */
const CONTENT: Record<ModelId, ContentKey> = {
  "BankNifty:KalpaVruksha": "kalpaVruksha",
  "Nifty:KalpaVruksha": "kalpaVruksha",
  "BankNifty:HFT": "hft",
  "CrudeOil:Yamuna": "yamuna",
};

const percent = (value: number | null) =>
  value === null ? "—" : `${formatNumber(Math.round(value * 1000) / 10)}%`;
const ratio = (value: number | null) =>
  value === null ? "—" : formatNumber(Math.round(value * 100) / 100);

/**
 * /models (public): every model's card in short, or, with a slug (/models/banknifty-hft), one
 * model's whole card. Both read GET /api/models.
 */
export function ModelCards({ slug, title }: { slug: string | undefined; title: string }) {
  const { t } = useTranslation();
  const cards = useModelCards();
  if (cards.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 text-sm text-ink-300">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
        {t("models.loading")}
      </p>
    );
  }
  if (cards.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-ink-300">
        <h1 className="sr-only">{title}</h1>
        <p>{t("models.failed")}</p>
        <button
          type="button"
          onClick={() => void cards.refetch()}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {t("models.retry")}
        </button>
      </div>
    );
  }
  if (slug === undefined) return <CardIndex cards={cards.data} title={title} />;
  const card = cards.data.find((item) => item.slug === slug.toLowerCase());
  if (!card) {
    return (
      <div>
        <h1 className="text-3xl font-semibold text-white">{title}</h1>
        <p className="mt-3 text-ink-300">{t("models.notFound")}</p>
        <BackLink />
      </div>
    );
  }
  return <FullCard card={card} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/models"
      className="mt-4 inline-flex items-center gap-1.5 text-sm text-ink-300 hover:text-white"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("models.allCards")}
    </Link>
  );
}

function cardTitle(t: ReturnType<typeof useTranslation>["t"], card: ModelCard): string {
  return t("models.title", { name: card.name, symbol: card.symbol });
}

/**
 * Where the server withheld the figures (the operator's research-analyst profile, past performance not yet
 * verified by PaRRVA): what is withheld, and a way to sign in and see it.
 */
function FiguresWithheld({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div
      data-testid="figures-withheld"
      className={cn(
        "flex flex-col gap-3 rounded-2xl border border-white/10 bg-ink-900/70 p-4 sm:flex-row sm:items-center sm:justify-between",
        className,
      )}
    >
      <p className="flex items-start gap-2 text-sm text-ink-200">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
        {t("analyst.models.hidden")}
      </p>
      <Link
        to={loginPathReturningTo(`${pathname}${search}`)}
        className={buttonStyles({ variant: "secondary", size: "sm", className: "shrink-0" })}
      >
        {t("analyst.journal.signIn")}
      </Link>
    </div>
  );
}

/** The card's first line: what the backtest says about an edge (or that there is none yet). */
function Verdict({ card, className }: { card: ModelCard; className?: string }) {
  const { t } = useTranslation();
  const backtest = card.backtest;
  if (card.figuresWithheld) {
    return (
      <p data-testid="model-verdict" className={cn("text-ink-300", className)}>
        {t("analyst.models.withheld")}
      </p>
    );
  }
  if (!backtest) {
    return (
      <p data-testid="model-verdict" className={cn("text-ink-200", className)}>
        {t("models.verdict.unpublished")}
      </p>
    );
  }
  return (
    <p
      data-testid="model-verdict"
      data-edge={backtest.edge}
      className={cn(
        "font-medium",
        backtest.edge === "none" && "text-rose-200",
        backtest.edge === "weak" && "text-amber-200",
        backtest.edge === "positive" && "text-emerald-200",
        className,
      )}
    >
      {t(`models.verdict.${backtest.edge}`, {
        from: formatDayKey(backtest.window.from),
        to: formatDayKey(backtest.window.to),
        net: formatRupees(backtest.summary.netPnl),
        trades: backtest.summary.trades,
        percentile: Math.round(backtest.baselines.random.modelPercentile),
        runs: backtest.baselines.random.runs,
      })}
    </p>
  );
}

function CardIndex({ cards, title }: { cards: ModelCard[]; title: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="text-3xl font-semibold text-white sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-ink-300">{t("models.lead")}</p>
      {cards.some((card) => card.figuresWithheld) ? <FiguresWithheld className="mt-6" /> : null}
      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        {cards.map((card) => (
          <li
            key={card.model}
            className="rounded-2xl border border-white/10 bg-ink-900/70 p-5 shadow-xl shadow-black/20"
          >
            <h2 className="text-lg font-semibold text-white">
              <Link
                to={`/models/${card.slug}`}
                className="hover:underline"
                aria-label={t("models.openCard", { model: cardTitle(t, card) })}
              >
                {cardTitle(t, card)}
              </Link>
            </h2>
            <Verdict card={card} className="mt-2 text-sm" />
            <p className="mt-3 text-xs text-ink-400">
              {t("models.version.current", {
                version: card.current.version,
                since: formatDayKey(card.current.since),
              })}
            </p>
            {card.live ? (
              <p className="mt-1 text-xs text-ink-400">
                <LiveLine live={card.live} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-8 max-w-3xl text-xs text-ink-400">{t("models.disclaimer")}</p>
    </div>
  );
}

function LiveLine({ live }: { live: NonNullable<ModelCard["live"]> }) {
  const { t } = useTranslation();
  return live.trades === 0
    ? t("models.live.none")
    : t("models.live.value", {
        count: live.trades,
        wins: live.wins,
        losses: live.losses,
        winRate: percent(live.winRate),
        net: formatRupees(live.net),
      });
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-white/10 bg-ink-900/70 p-4 sm:p-5"
    >
      <h2 id={id} className="text-lg font-semibold text-white">
        {heading}
      </h2>
      {children}
    </section>
  );
}

function FullCard({ card }: { card: ModelCard }) {
  const { t } = useTranslation();
  const content = CONTENT[card.model];
  // The rules quote the model's parameters as the server gives them, so a changed value shows at once.
  const text = (name: string) =>
    t(`models.content.${content}.${name}` as TranslationKey, card.parameters);
  const failures = Object.keys(modelsEn.content[content]).filter((name) =>
    name.startsWith("failure"),
  );
  const backtest = card.backtest;
  const earlier = card.versions.slice(0, -1).reverse();
  return (
    <article className="space-y-5">
      <header>
        <h1 className="text-3xl font-semibold text-white sm:text-4xl">{cardTitle(t, card)}</h1>
        <Verdict card={card} className="mt-3 text-base" />
        {card.figuresWithheld ? <FiguresWithheld className="mt-4" /> : null}
        {backtest?.heldOut ? (
          <p data-testid="held-out" className="mt-2 text-sm text-ink-200">
            {t("models.verdict.heldOut", {
              from: formatDayKey(backtest.heldOut.window.from),
              to: formatDayKey(backtest.heldOut.window.to),
              net: formatRupees(backtest.heldOut.summary.netPnl),
              trades: backtest.heldOut.summary.trades,
              percentile: Math.round(backtest.heldOut.random.modelPercentile),
              runs: backtest.heldOut.random.runs,
            })}
          </p>
        ) : null}
        {backtest && backtest.version === undefined ? (
          <p data-testid="earlier-version" className="mt-2 text-sm text-amber-200">
            {t("models.versionUnknown")}
          </p>
        ) : backtest && backtest.version !== card.current.version ? (
          <p data-testid="earlier-version" className="mt-2 text-sm text-amber-200">
            {t("models.earlierVersion", {
              backtested: backtest.version ?? "",
              current: card.current.version,
            })}
          </p>
        ) : null}
      </header>

      <Section id="model-reads" heading={t("models.reads.heading")}>
        <p className="mt-1 text-sm text-ink-300">
          {t("models.reads.bars", {
            symbol: card.symbol,
            interval: t(`models.interval.${card.interval}`),
          })}
        </p>
        <p className="mt-2 text-sm leading-relaxed text-ink-200">{text("reads")}</p>
        <h3 className="mt-4 text-sm font-semibold text-white">{t("models.rules.heading")}</h3>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-ink-200">
          <li>{text("call")}</li>
          <li>{text("put")}</li>
          <li>{text("exits")}</li>
          <li>{text("timing")}</li>
        </ul>
        <details className="mt-3 text-sm text-ink-300">
          <summary className="cursor-pointer text-ink-200">{t("models.rules.parameters")}</summary>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-xs sm:grid-cols-3">
            {Object.entries(card.parameters).map(([name, value]) => (
              <div key={name} className="flex justify-between gap-2 border-b border-white/5 py-1">
                <dt className="truncate text-ink-400">{name}</dt>
                <dd className="tabular-nums text-ink-100">{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      </Section>

      <Section id="model-version" heading={t("models.version.heading")}>
        <p className="mt-1 text-sm text-ink-100" data-testid="model-current-version">
          {t("models.version.current", {
            version: card.current.version,
            since: formatDayKey(card.current.since),
          })}
        </p>
        <p className="mt-1 text-xs text-ink-400">{t("models.version.explain")}</p>
        {earlier.length > 0 ? (
          <>
            <h3 className="mt-3 text-sm font-semibold text-white">{t("models.version.earlier")}</h3>
            <ul className="mt-1 text-xs text-ink-300">
              {earlier.map((item) => (
                <li key={item.version} className="font-mono">
                  {t("models.version.earlierItem", {
                    version: item.version,
                    since: formatDayKey(item.since),
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Section>

      <Section id="model-backtest" heading={t("models.backtest.heading")}>
        {card.figuresWithheld ? (
          <p className="mt-2 text-sm text-ink-300">{t("analyst.models.withheld")}</p>
        ) : backtest ? (
          <BacktestFigures backtest={backtest} source={card.backtestSource} />
        ) : (
          <p className="mt-2 text-sm text-ink-300">{t("models.backtest.unpublished")}</p>
        )}
      </Section>

      <Section id="model-live" heading={t("models.live.heading")}>
        <p className="mt-1 text-sm text-ink-300">
          {t("models.live.lead", {
            version: card.current.version,
            since: formatDayKey(card.current.since),
          })}
        </p>
        <p className="mt-2 text-sm text-ink-100" data-testid="model-live-record">
          {card.live ? <LiveLine live={card.live} /> : t("analyst.models.withheld")}
        </p>
        <DecisionToSend model={card.model} className="mt-2" />
        <Link
          to={`/paper-trade?model=${encodeURIComponent(card.model)}&days=${PAPER_TRADE_DEFAULT_DAYS}`}
          className="mt-2 inline-block text-sm text-accent-300 hover:underline"
        >
          {t("models.live.journal")}
        </Link>
      </Section>

      <Section id="model-failures" heading={t("models.failures.heading")}>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-ink-200">
          {failures.map((name) => (
            <li key={name}>{text(name)}</li>
          ))}
        </ul>
      </Section>

      <p className="text-xs text-ink-400">{t("models.disclaimer")}</p>
      <BackLink />
    </article>
  );
}

function BacktestFigures({
  backtest,
  source,
}: {
  backtest: RealHistoryModel;
  source: ModelCard["backtestSource"];
}) {
  const { t } = useTranslation();
  const { summary, baselines } = backtest;
  const money = (value: number | null) => (value === null ? "—" : <Money value={value} />);
  const rows: Array<[string, ReactNode]> = [
    [
      t("models.backtest.trades"),
      t("models.backtest.tradesValue", {
        trades: summary.trades,
        wins: summary.wins,
        losses: summary.losses,
      }),
    ],
    [t("models.backtest.winRate"), percent(summary.winRate)],
    [t("models.backtest.averageWin"), money(summary.averageWin)],
    [t("models.backtest.averageLoss"), money(summary.averageLoss)],
    [t("models.backtest.expectancy"), money(summary.expectancy)],
    [t("models.backtest.profitFactor"), ratio(summary.profitFactor)],
    [t("models.backtest.net"), money(summary.netPnl)],
    [t("models.backtest.maxDrawdown"), formatRupees(summary.maxDrawdown)],
    [
      t("models.backtest.longestLosingStreak"),
      t("models.backtest.streak", { count: summary.longestLosingStreak }),
    ],
  ];
  if (summary.stopsPastLimit !== undefined) {
    rows.push([t("models.backtest.stopsPastLimit"), formatNumber(summary.stopsPastLimit)]);
  }
  const { random, fixed0920 } = baselines;
  return (
    <>
      <p className="mt-1 text-sm text-ink-300">
        {t("models.backtest.window", {
          from: formatDayKey(backtest.window.from),
          to: formatDayKey(backtest.window.to),
          days: backtest.window.days,
        })}
      </p>
      <dl
        data-testid="backtest-figures"
        className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3"
      >
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-ink-400">{label}</dt>
            <dd className="font-medium tabular-nums text-ink-100">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-white">{t("models.backtest.equity")}</h3>
      <BacktestChart backtest={backtest} />
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="text-ink-400">
            {t("models.backtest.random", { runs: random.runs, seed: random.seed })}
          </dt>
          <dd className="text-ink-100">
            {t("models.backtest.randomValue", {
              p5: formatRupees(random.netPnl.p5),
              p50: formatRupees(random.netPnl.p50),
              p95: formatRupees(random.netPnl.p95),
              percentile: Math.round(random.modelPercentile),
            })}
          </dd>
        </div>
        <div data-testid="fixed-0920">
          <dt className="text-ink-400">{t("models.backtest.fixed")}</dt>
          <dd className="text-ink-100">
            {t("models.backtest.fixedValue", {
              trades: fixed0920.trades,
              winRate: percent(fixed0920.winRate),
              expectancy: formatRupees(fixed0920.expectancy),
              net: formatRupees(fixed0920.netPnl),
              profitFactor: ratio(fixed0920.profitFactor),
              maxDrawdown: formatRupees(fixed0920.maxDrawdown),
            })}
          </dd>
        </div>
      </dl>
      {backtest.months.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="text-left text-sm font-semibold text-white">
            {t("models.backtest.months")}
          </caption>
          <thead className="text-xs text-ink-400">
            <tr>
              <th scope="col" className="py-1 font-normal">
                {t("models.backtest.month")}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t("models.backtest.trades")}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t("models.backtest.winRate")}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t("models.backtest.net")}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums text-ink-100">
            {backtest.months.map((month) => (
              <tr key={month.month} className="border-t border-white/5">
                <td className="py-1">{month.month}</td>
                <td className="py-1 text-right">{month.trades}</td>
                <td className="py-1 text-right">{percent(month.winRate)}</td>
                <td className="py-1 text-right">
                  <Money value={month.netPnl} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {source ? (
        <p className="mt-4 text-xs text-ink-400">
          {t("models.backtest.source", { day: formatDayKey(source.generatedOn) })}{" "}
          <code className="break-all font-mono text-ink-300">{source.generatedBy}</code>
        </p>
      ) : null}
    </>
  );
}

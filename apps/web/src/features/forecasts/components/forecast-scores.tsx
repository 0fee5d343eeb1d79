import {
  COIN_FLIP_BRIER,
  type ForecastBrier,
  type ForecastHitRate,
  type ForecastScoreWindow,
} from "@kalpa/contracts/api/forecast";
import type { ReactNode } from "react";
import { type TranslationKey, useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import "@/features/forecasts/i18n/en";

/** The window's column heading. */
function windowKey(window: ForecastScoreWindow): TranslationKey {
  if (window.lastDays === 30) return "forecasts.scores.window.last30";
  if (window.lastDays === 90) return "forecasts.scores.window.last90";
  return "forecasts.scores.window.all";
}

/** "30", "90" or "all": the window in test ids and keys. */
function windowName(window: ForecastScoreWindow): string {
  return window.lastDays === null ? "all" : String(window.lastDays);
}

/** A Brier score as three decimals ("0.241"); "—" with no days. */
export function formatBrier(value: number | null): string {
  return value === null ? "—" : value.toFixed(3);
}

/**
 * A skill score as a signed percent with one decimal ("+14.0%", "−7.6%", "0%"); two decimals when one would
 * show a nonzero skill as 0.0 (the API gives four decimals of the fraction, so two of the percent are exact).
 */
export function formatSkill(value: number): string {
  if (value === 0) return "0%";
  const percent = Math.abs(value) * 100;
  const digits = percent.toFixed(1) === "0.0" ? percent.toFixed(2) : percent.toFixed(1);
  return `${value > 0 ? "+" : "−"}${digits}%`;
}

/** The window's share of up-days, a whole percent ("53%"). */
function upShare(brier: ForecastBrier): string {
  return `${Math.round((brier.upDays / brier.days) * 100)}%`;
}

type Verdict = "better" | "worse" | "same";
const verdictOf = (skill: number): Verdict => (skill > 0 ? "better" : skill < 0 ? "worse" : "same");

/**
 * How the forecasts have scored: the hit rates of the favoured side, the call and the put
 * over decided parts; the Brier scores of the forecast, of yesterday's direction, of always 50% and of the
 * window's share of up-days (a hindsight reference); the forecast's skill scores against always 50% and
 * that share; over the last 30, 90 and all scored days; then what the numbers mean in plain words.
 */
export function ForecastScores({ scores }: { scores: readonly ForecastScoreWindow[] }) {
  const { t } = useTranslation();
  const hit =
    (pick: (window: ForecastScoreWindow) => ForecastHitRate, testId?: string) =>
    (window: ForecastScoreWindow) => {
      const rate = pick(window);
      return (
        <>
          <span data-testid={testId ? `${testId}-${windowName(window)}` : undefined}>
            {rate.percent === null ? "—" : `${rate.percent}%`}
          </span>
          <Small>
            {t("forecasts.scores.hitValue", {
              targets: String(rate.targets),
              decided: String(rate.decided),
            })}
          </Small>
        </>
      );
    };
  return (
    <section aria-labelledby="forecast-scores-heading" className="space-y-3">
      <div>
        <h3 id="forecast-scores-heading" className="text-lg font-semibold text-white">
          {t("forecasts.scores.heading")}
        </h3>
        <p className="mt-1 max-w-3xl text-sm leading-relaxed text-ink-300">
          {t("forecasts.scores.lead")}
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ScoreTable
          id="forecast-hit-rates"
          title={t("forecasts.scores.hitRates")}
          note={t("forecasts.scores.hitRatesNote")}
          scores={scores}
          rows={[
            [t("forecasts.scores.favoured"), hit((w) => w.favoured, "forecast-hit-rate")],
            [t("forecasts.scores.call"), hit((w) => w.call)],
            [t("forecasts.scores.put"), hit((w) => w.put)],
          ]}
        />
        <ScoreTable
          id="forecast-brier"
          title={t("forecasts.scores.brier")}
          note={t("forecasts.scores.brierNote")}
          scores={scores}
          rows={[
            [
              t("forecasts.scores.forecast"),
              (window) => (
                <>
                  <span data-testid={`forecast-brier-${windowName(window)}`}>
                    {formatBrier(window.brier.forecast)}
                  </span>
                  <Small>
                    {t("forecasts.scores.brierDays", { days: String(window.brier.days) })}
                  </Small>
                </>
              ),
            ],
            [
              t("forecasts.scores.baseline"),
              (window) => (
                <span data-testid={`forecast-baseline-${windowName(window)}`}>
                  {formatBrier(window.brier.baseline)}
                </span>
              ),
            ],
            [t("forecasts.scores.coinFlip"), () => formatBrier(COIN_FLIP_BRIER)],
            [
              t("forecasts.scores.climatology"),
              (window) => (
                <>
                  <span data-testid={`forecast-climatology-${windowName(window)}`}>
                    {formatBrier(window.brier.climatology)}
                  </span>
                  {window.brier.days > 0 && (
                    <Small>
                      {t("forecasts.scores.upShare", { percent: upShare(window.brier) })}
                    </Small>
                  )}
                </>
              ),
            ],
          ]}
        />
        <ScoreTable
          id="forecast-skill"
          className="self-start"
          title={t("forecasts.scores.skill")}
          note={t("forecasts.scores.skillNote")}
          scores={scores}
          rows={[
            [
              t("forecasts.scores.skillCoinFlip"),
              (window) => (
                <SkillCell
                  testId={`forecast-skill-coin-${windowName(window)}`}
                  brier={window.brier}
                >
                  {window.brier.skill.coinFlip}
                </SkillCell>
              ),
            ],
            [
              t("forecasts.scores.skillClimatology"),
              (window) => (
                <SkillCell
                  testId={`forecast-skill-climatology-${windowName(window)}`}
                  brier={window.brier}
                >
                  {window.brier.skill.climatology}
                </SkillCell>
              ),
            ],
          ]}
        />
        <section
          aria-labelledby="forecast-verdict-heading"
          className="rounded-2xl border border-white/10 bg-ink-900/70 px-3 py-2 text-sm"
        >
          <h4 id="forecast-verdict-heading" className="font-medium text-white">
            {t("forecasts.scores.verdictHeading")}
          </h4>
          <ul className="mt-2 space-y-2 leading-relaxed text-ink-200">
            {scores.map((window) => (
              <li key={windowName(window)} data-testid={`forecast-verdict-${windowName(window)}`}>
                <span className="font-medium text-white">
                  {t("forecasts.scores.verdictWindow", { window: t(windowKey(window)) })}
                </span>{" "}
                <Verdicts brier={window.brier} />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="space-y-2 text-xs leading-relaxed text-ink-300">
        <p>{t("forecasts.scores.explainHitRate")}</p>
        <p>{t("forecasts.scores.explainBrier")}</p>
        <p>{t("forecasts.scores.explainSkill")}</p>
      </div>
    </section>
  );
}

/** A skill score; "—" with no days, "—" and "undefined" when the reference scores a perfect 0. */
function SkillCell({
  testId,
  brier,
  children: skill,
}: {
  testId: string;
  brier: ForecastBrier;
  children: number | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <span data-testid={testId}>{skill === null ? "—" : formatSkill(skill)}</span>
      {skill === null && brier.days > 0 && <Small>{t("forecasts.scores.skillUndefined")}</Small>}
    </>
  );
}

/** A window's scores in plain words: against a coin, then against the window's share of up-days. */
function Verdicts({ brier }: { brier: ForecastBrier }) {
  const { t } = useTranslation();
  const { coinFlip, climatology } = brier.skill;
  if (brier.days === 0 || coinFlip === null) return <>{t("forecasts.scores.verdictNone")}</>;
  const coin = t(`forecasts.scores.verdictCoin.${verdictOf(coinFlip)}`, {
    skill: formatSkill(coinFlip),
  });
  const share = upShare(brier);
  const climate =
    climatology === null
      ? t(
          brier.upDays === brier.days
            ? "forecasts.scores.verdictClimatology.allUp"
            : "forecasts.scores.verdictClimatology.noneUp",
        )
      : t(`forecasts.scores.verdictClimatology.${verdictOf(climatology)}`, {
          share,
          skill: formatSkill(climatology),
        });
  return (
    <>
      {coin} {climate}
    </>
  );
}

function Small({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-normal text-ink-400">{children}</span>;
}

function ScoreTable({
  id,
  className,
  title,
  note,
  scores,
  rows,
}: {
  id: string;
  /** Added to the box's classes (its place in the grid). */
  className?: string;
  title: string;
  note: string;
  scores: readonly ForecastScoreWindow[];
  rows: Array<[string, (window: ForecastScoreWindow) => ReactNode]>;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn("rounded-2xl border border-white/10 bg-ink-900/70", className)}>
      <table aria-labelledby={`${id}-title`} className="w-full table-fixed text-left text-sm">
        <thead>
          <tr className="border-b border-white/10">
            <th scope="col" className="w-[34%] px-3 py-2 align-bottom font-medium">
              <span id={`${id}-title`} className="block text-white">
                {title}
              </span>
              <span className="block text-xs font-normal text-ink-400">({note})</span>
            </th>
            {scores.map((window) => (
              <th
                key={windowName(window)}
                scope="col"
                className="px-2 py-2 text-right align-bottom font-medium text-ink-300"
              >
                {t(windowKey(window))}
                <span className="block text-xs font-normal text-ink-400">
                  {t("forecasts.scores.days", { days: String(window.days) })}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {rows.map(([label, cell]) => (
            <tr key={label}>
              <th scope="row" className="px-3 py-2 font-medium text-ink-200">
                {label}
              </th>
              {scores.map((window) => (
                <td
                  key={windowName(window)}
                  className="px-2 py-2 text-right font-medium tabular-nums text-white"
                >
                  {cell(window)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

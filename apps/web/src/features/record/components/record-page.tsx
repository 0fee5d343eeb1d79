import { LEDGER_KEY_PATH, type SignedLedgerHead } from "@kalpa/contracts/api/ledger";
import { Check, Download, LoaderCircle, Minus, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { CopyButton } from "@/components/ui/copy-button";
import { useTranslation } from "@/i18n";
import { formatDayKey } from "@/lib/dates";
import { formatNumber, shortHash } from "@/lib/format";
import { useLedgerHeads } from "../api/get-ledger-heads";
import { useLedgerKey } from "../api/get-ledger-key";
import "@/features/record/i18n/en";

/** The key's file name in the download and in the command: the two must agree. */
const KEY_FILE = "kalpa-ledger-key.json";

const bundleFile = (day: string) => `${day}.json`;
const bundleUrl = (day: string) => `/api/ledger/bundles/${day}`;

/**
 * /record: the ledger's signed record (docs/record-format.md), to check offline: the operator's public key
 * and its id, the signed day heads (day, last entry, head hash, signed, time-stamped) each with its bundle
 * to download, and the exact command that verifies them.
 */
export function RecordPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const heads = useLedgerHeads();
  const list = heads.data?.pages.flat() ?? [];
  return (
    <div className="space-y-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl leading-tight font-semibold tracking-tight text-white text-balance sm:text-4xl">
          {title}
        </h1>
        <p className="mt-4 text-base leading-relaxed text-ink-200 text-pretty">
          {t("record.lead")}
        </p>
      </header>
      <KeySection />
      <section aria-labelledby="record-heads-heading" className="space-y-4">
        <h2 id="record-heads-heading" className="text-xl font-semibold text-white">
          {t("record.heads.heading")}
        </h2>
        {heads.isPending ? (
          <Loading>{t("record.heads.loading")}</Loading>
        ) : heads.isError ? (
          <Failed message={t("record.heads.failed")} onRetry={() => void heads.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-sm text-ink-300">{t("record.heads.empty")}</p>
        ) : (
          <>
            <HeadsList heads={list} />
            <HeadsTable heads={list} />
            {heads.hasNextPage ? (
              <button
                type="button"
                onClick={() => void heads.fetchNextPage()}
                disabled={heads.isFetchingNextPage}
                className={buttonStyles({ variant: "secondary", size: "sm" })}
              >
                {heads.isFetchingNextPage ? t("record.heads.loadingMore") : t("record.heads.more")}
              </button>
            ) : null}
          </>
        )}
      </section>
      <VerifySection heads={list} />
    </div>
  );
}

function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-3 text-sm text-ink-300">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
      {children}
    </p>
  );
}

function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-ink-300">
      <p>{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className={buttonStyles({ variant: "secondary", size: "sm" })}
      >
        <RotateCw aria-hidden="true" className="size-4" />
        {t("record.retry")}
      </button>
    </div>
  );
}

const CARD = "rounded-2xl border border-white/10 bg-ink-900/70 p-4 sm:p-5";

function KeySection() {
  const { t } = useTranslation();
  const key = useLedgerKey();
  return (
    <section aria-labelledby="record-key-heading" className={`${CARD} space-y-4`}>
      <div>
        <h2 id="record-key-heading" className="text-xl font-semibold text-white">
          {t("record.key.heading")}
        </h2>
        <p className="mt-1 text-sm text-ink-300">{t("record.key.lead")}</p>
      </div>
      {key.isPending ? (
        <Loading>{t("record.key.loading")}</Loading>
      ) : key.isError ? (
        <Failed message={t("record.key.failed")} onRetry={() => void key.refetch()} />
      ) : (
        <>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-ink-400">{t("record.key.id")}</dt>
              <dd className="mt-1 flex items-start gap-2">
                <code
                  data-testid="record-key-id"
                  className="min-w-0 break-all font-mono text-xs text-ink-100 sm:text-sm"
                >
                  {key.data.keyId}
                </code>
                <CopyButton
                  compact
                  text={key.data.keyId}
                  label={t("record.key.copyId")}
                  copiedLabel={t("record.key.copied")}
                />
              </dd>
            </div>
            <div>
              <dt className="text-ink-400">{t("record.key.publicKey")}</dt>
              <dd className="mt-1 flex items-start gap-2">
                <code className="min-w-0 break-all font-mono text-xs text-ink-100 sm:text-sm">
                  {key.data.publicKey}
                </code>
                <CopyButton
                  compact
                  text={key.data.publicKey}
                  label={t("record.key.copyKey")}
                  copiedLabel={t("record.key.copied")}
                />
              </dd>
            </div>
          </dl>
          <a
            href={LEDGER_KEY_PATH}
            download={KEY_FILE}
            className={buttonStyles({
              variant: "secondary",
              size: "sm",
              className: "h-auto min-h-9 max-w-full py-1.5 text-left whitespace-normal",
            })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t("record.key.download")}
          </a>
          <p className="text-sm text-ink-400">{t("record.key.trust")}</p>
        </>
      )}
    </section>
  );
}

function YesNo({ yes }: { yes: boolean }) {
  const { t } = useTranslation();
  return yes ? (
    <span className="inline-flex items-center gap-1 text-emerald-200">
      <Check aria-hidden="true" className="size-4" />
      {t("record.heads.yes")}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-ink-300">
      <Minus aria-hidden="true" className="size-4" />
      {t("record.heads.no")}
    </span>
  );
}

const TH = "px-2 py-2 text-left text-xs font-semibold tracking-wide text-ink-300 sm:px-3";
const TD = "px-2 py-2 align-middle sm:px-3";

function HeadsTable({ heads }: { heads: SignedLedgerHead[] }) {
  const { t } = useTranslation();
  return (
    // From 640 px; a phone has the list (HeadsList). Narrower, the table would scroll in its box.
    <div className="hidden overflow-x-auto rounded-2xl border border-white/10 bg-ink-900/70 sm:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("record.heads.caption")}</caption>
        <thead className="border-b border-white/10">
          <tr>
            <th scope="col" className={TH}>
              {t("record.heads.day")}
            </th>
            <th scope="col" className={`${TH} text-right`}>
              {t("record.heads.seq")}
            </th>
            <th scope="col" className={TH}>
              {t("record.heads.hash")}
            </th>
            <th scope="col" className={TH}>
              {t("record.heads.signed")}
            </th>
            <th scope="col" className={TH}>
              {t("record.heads.timeStamped")}
            </th>
            <th scope="col" className={TH}>
              {t("record.heads.bundle")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {heads.map((head) => {
            const day = formatDayKey(head.day);
            return (
              <tr key={head.day} data-testid="record-head">
                <th
                  scope="row"
                  className={`${TD} whitespace-nowrap text-left font-medium text-white`}
                >
                  <time dateTime={head.day}>{day}</time>
                </th>
                <td className={`${TD} text-right tabular-nums text-ink-200`}>
                  {formatNumber(head.seq)}
                </td>
                <td className={TD}>
                  <span className="flex items-center gap-1">
                    <code
                      title={head.hash}
                      className="whitespace-nowrap font-mono text-xs text-ink-100"
                    >
                      {shortHash(head.hash)}
                    </code>
                    <CopyButton
                      compact
                      text={head.hash}
                      label={t("record.heads.copyHash", { day })}
                      copiedLabel={t("record.heads.copied")}
                    />
                  </span>
                </td>
                <td className={TD}>
                  <YesNo yes={head.signature !== null} />
                </td>
                <td className={TD}>
                  <YesNo yes={head.timestamp !== null} />
                </td>
                <td className={TD}>
                  <DownloadBundle day={head.day} label={day} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The heads on a phone: one card a day, the same facts as the table's row, each named. */
function HeadsList({ heads }: { heads: SignedLedgerHead[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("record.heads.caption")} className="space-y-3 sm:hidden">
      {heads.map((head) => {
        const day = formatDayKey(head.day);
        return (
          <li key={head.day} data-testid="record-head-card" className={`${CARD} space-y-2 text-sm`}>
            <div className="flex items-center justify-between gap-3">
              <p className="font-medium text-white">
                <time dateTime={head.day}>{day}</time>
              </p>
              <DownloadBundle day={head.day} label={day} />
            </div>
            <dl className="grid grid-cols-[max-content_1fr] items-center gap-x-4 gap-y-1.5">
              <dt className="text-ink-400">{t("record.heads.seq")}</dt>
              <dd className="tabular-nums text-ink-200">{formatNumber(head.seq)}</dd>
              <dt className="text-ink-400">{t("record.heads.hash")}</dt>
              <dd className="flex min-w-0 items-center gap-1">
                <code title={head.hash} className="truncate font-mono text-xs text-ink-100">
                  {shortHash(head.hash)}
                </code>
                <CopyButton
                  compact
                  text={head.hash}
                  label={t("record.heads.copyHash", { day })}
                  copiedLabel={t("record.heads.copied")}
                />
              </dd>
              <dt className="text-ink-400">{t("record.heads.signed")}</dt>
              <dd>
                <YesNo yes={head.signature !== null} />
              </dd>
              <dt className="text-ink-400">{t("record.heads.timeStamped")}</dt>
              <dd>
                <YesNo yes={head.timestamp !== null} />
              </dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function DownloadBundle({ day, label }: { day: string; label: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={bundleUrl(day)}
      download={bundleFile(day)}
      aria-label={t("record.heads.downloadDay", { day: label, file: bundleFile(day) })}
      className="inline-flex min-h-8 items-center gap-1 rounded font-medium text-accent-300 underline-offset-4 hover:text-accent-200 hover:underline"
    >
      <Download aria-hidden="true" className="size-4" />
      {t("record.heads.download")}
    </a>
  );
}

/** The exact command for the newest days listed (up to three, oldest first), or for two example days. */
function commandFor(heads: SignedLedgerHead[]): string {
  const days = heads
    .slice(0, 3)
    .map((head) => head.day)
    .reverse();
  const files = (days.length > 0 ? days : ["2026-11-26", "2026-11-27"]).map(bundleFile);
  return `npx kalpa-verify --key ${KEY_FILE} ${files.join(" ")}`;
}

function VerifySection({ heads }: { heads: SignedLedgerHead[] }) {
  const { t } = useTranslation();
  const command = commandFor(heads);
  const stamped = heads.some((head) => head.timestamp !== null);
  return (
    <section aria-labelledby="record-verify-heading" className={`${CARD} space-y-4`}>
      <h2 id="record-verify-heading" className="text-xl font-semibold text-white">
        {t("record.verify.heading")}
      </h2>
      <ol className="list-decimal space-y-3 pl-5 text-sm leading-relaxed text-ink-200 marker:text-ink-400">
        <li>{t("record.verify.step1")}</li>
        <li>
          {t("record.verify.step2")}
          <pre className="mt-2 rounded-lg bg-black/40 p-3 text-xs text-ink-100">
            <code data-testid="record-command" className="whitespace-pre-wrap break-all font-mono">
              {command}
            </code>
          </pre>
        </li>
        <li>{t("record.verify.step3")}</li>
      </ol>
      {stamped ? <p className="text-sm text-ink-300">{t("record.verify.timeStamps")}</p> : null}
      <p className="text-sm text-ink-400">{t("record.verify.format")}</p>
    </section>
  );
}

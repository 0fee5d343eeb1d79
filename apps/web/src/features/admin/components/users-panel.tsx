import { ADMIN_PAGE_SIZE } from "@kalpa/contracts/api/admin";
import { ACCESS_KEYS } from "@kalpa/contracts/names";
import { ChevronLeft, ChevronRight, Search, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "@/components/ui/button-styles";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { useAdminUsers } from "../api/get-users";
import { consoleHref } from "../utils/console-location";
import { AccessChip } from "./access-chip";
import { Panel } from "./panel";
import { QueryState } from "./query-state";
import "@/features/admin/i18n/en";

/** Searching users, a page at a time; each opens its detail. The search and page live in the URL. */
export function UsersPanel({
  q,
  page,
  onSearch,
}: {
  q: string;
  page: number;
  onSearch: (q: string, page: number) => void;
}) {
  const { t } = useTranslation();
  const users = useAdminUsers(q, page);
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || ADMIN_PAGE_SIZE))) : 1;
  return (
    <Panel id="admin-users" title={t("admin.users.heading")}>
      <SearchForm
        key={q}
        initial={q}
        label={t("admin.users.search")}
        hint={t("admin.users.searchHint")}
        submitLabel={t("admin.users.searchButton")}
        clearLabel={t("admin.users.clear")}
        onSubmit={(value) => onSearch(value, 1)}
      />
      {data ? (
        <div aria-busy={users.isPlaceholderData} className="mt-5">
          <p role="status" className="text-sm text-ink-300">
            {t("admin.users.count", { total: data.total })}
          </p>
          {data.users.length === 0 ? (
            <p className="mt-3 text-sm text-ink-300">{t("admin.users.none")}</p>
          ) : (
            <ul className="mt-3 divide-y divide-white/5 rounded-xl border border-white/10">
              {data.users.map((user) => (
                <li key={user.id}>
                  <Link
                    to={consoleHref({ user: user.id })}
                    aria-label={t("admin.users.open", { name: `${user.name} (${user.username})` })}
                    className="block p-3 transition-colors hover:bg-white/[0.04] sm:p-4"
                  >
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-semibold text-white">{user.name}</span>
                      <span className="text-sm text-ink-300">@{user.username}</span>
                      {user.role === "admin" ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-sky-300/10 px-2 py-0.5 text-xs font-medium text-sky-200">
                          <ShieldCheck aria-hidden="true" className="size-3.5" />
                          admin
                        </span>
                      ) : null}
                      {user.verified ? null : (
                        <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs text-ink-300">
                          {t("admin.users.unverified")}
                        </span>
                      )}
                    </span>
                    <span className="mt-1 block text-sm break-all text-ink-300">
                      {user.email} · {user.mobile}
                    </span>
                    <span className="mt-2 flex flex-wrap gap-1.5">
                      {ACCESS_KEYS.map((key) => (
                        <AccessChip key={key} name={key} entry={user.subscriptions[key]} />
                      ))}
                      <span
                        className={
                          user.riskDisclosure.signedCopyReceived
                            ? "rounded-full border border-accent-400/30 px-2 py-0.5 text-xs text-accent-200"
                            : "rounded-full border border-amber-300/30 px-2 py-0.5 text-xs text-amber-100"
                        }
                      >
                        {user.riskDisclosure.signedCopyReceived
                          ? t("admin.users.rdaReceived")
                          : t("admin.users.rdaPending")}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav
              aria-label={t("admin.users.page", { page, pages })}
              className="mt-4 flex items-center justify-between gap-3"
            >
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => onSearch(q, page - 1)}
                className={buttonStyles({ variant: "secondary", size: "sm" })}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                {t("admin.users.previous")}
              </button>
              <span className="text-sm text-ink-300">{t("admin.users.page", { page, pages })}</span>
              <button
                type="button"
                disabled={page >= pages}
                onClick={() => onSearch(q, page + 1)}
                className={buttonStyles({ variant: "secondary", size: "sm" })}
              >
                {t("admin.users.next")}
                <ChevronRight aria-hidden="true" className="size-4" />
              </button>
            </nav>
          ) : null}
        </div>
      ) : (
        <div className="mt-5">
          <QueryState error={users.error} onRetry={() => void users.refetch()} />
        </div>
      )}
    </Panel>
  );
}

/** A one-field search: submit asks, Clear empties it and asks again. */
export function SearchForm({
  initial,
  label,
  hint,
  submitLabel,
  clearLabel,
  onSubmit,
}: {
  initial: string;
  label: string;
  hint: string;
  submitLabel: string;
  clearLabel: string;
  onSubmit: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={label}
          hint={hint}
          type="search"
          value={value}
          maxLength={100}
          onChange={(event) => setValue(event.target.value)}
          className="min-w-0 flex-1"
        />
        <div className="flex gap-2 sm:mb-6">
          <button type="submit" className={buttonStyles({ className: "flex-1 sm:flex-none" })}>
            <Search aria-hidden="true" className="size-4" />
            {submitLabel}
          </button>
          {initial ? (
            <button
              type="button"
              onClick={() => {
                setValue("");
                onSubmit("");
              }}
              className={buttonStyles({ variant: "secondary" })}
            >
              {clearLabel}
            </button>
          ) : null}
        </div>
      </form>
    </search>
  );
}

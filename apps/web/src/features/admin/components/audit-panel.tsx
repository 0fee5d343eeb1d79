import { LoaderCircle } from "lucide-react";
import { buttonStyles } from "@/components/ui/button-styles";
import { useTranslation } from "@/i18n";
import { useAdminAudit } from "../api/get-audit";
import { AuditEntries } from "./audit-entries";
import { Panel } from "./panel";
import { QueryState } from "./query-state";
import { SearchForm } from "./users-panel";
import "@/features/admin/i18n/en";

/** The audit log, newest first, optionally about one target, with Load more. */
export function AuditPanel({
  target,
  onFilter,
}: {
  target: string;
  onFilter: (target: string) => void;
}) {
  const { t } = useTranslation();
  const audit = useAdminAudit(target);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Panel id="admin-audit" title={t("admin.audit.heading")}>
      <SearchForm
        key={target}
        initial={target}
        label={t("admin.audit.filter")}
        hint={t("admin.audit.filterHint")}
        submitLabel={t("admin.audit.filterButton")}
        clearLabel={t("admin.audit.clear")}
        onSubmit={onFilter}
      />
      <div className="mt-5">
        {audit.data ? (
          entries.length === 0 ? (
            <p className="text-sm text-ink-300">{t("admin.audit.none")}</p>
          ) : (
            <>
              <AuditEntries entries={entries} />
              {audit.hasNextPage ? (
                <button
                  type="button"
                  onClick={() => void audit.fetchNextPage()}
                  disabled={audit.isFetchingNextPage}
                  className={buttonStyles({
                    variant: "secondary",
                    className: "mt-4 w-full sm:w-auto",
                  })}
                >
                  {audit.isFetchingNextPage ? (
                    <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  ) : null}
                  {audit.isFetchingNextPage ? t("admin.audit.loadingMore") : t("admin.audit.more")}
                </button>
              ) : null}
            </>
          )
        ) : (
          <QueryState error={audit.error} onRetry={() => void audit.refetch()} />
        )}
      </div>
    </Panel>
  );
}

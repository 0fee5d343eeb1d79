import { LoaderCircle, RotateCw } from "lucide-react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import "@/features/admin/i18n/en";

/** Loading, or a failure with the server's message and Retry: what a console panel shows before its data. */
export function QueryState({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!error) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-ink-300">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-400" />
        {t("admin.common.loading")}
      </p>
    );
  }
  return (
    <FormMessage tone="error">
      <span className="flex flex-wrap items-center justify-between gap-3">
        <span>{error.message || t("admin.common.failed")}</span>
        <button
          type="button"
          onClick={onRetry}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {t("admin.common.retry")}
        </button>
      </span>
    </FormMessage>
  );
}

/** A failed change: the server's message, and each field it refused. */
export function ActionError({ error }: { error: Error | null }) {
  if (!error) return null;
  const issues =
    "issues" in error && Array.isArray(error.issues)
      ? (error.issues as Array<{ path: string; message: string }>)
      : [];
  return (
    <FormMessage tone="error" className="mt-4">
      {error.message}
      {issues.length > 0 ? (
        <ul className="mt-1 list-disc pl-4">
          {issues.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>
              {issue.path ? `${issue.path}: ` : ""}
              {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </FormMessage>
  );
}

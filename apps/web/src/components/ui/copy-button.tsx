import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonStyles } from "./button-styles";

/**
 * Copies a text (a hash, a key) to the clipboard and says so for two seconds. `compact`: the label is read
 * out but not shown, for a narrow table cell. Without the clipboard (an insecure origin) there is no
 * button: the text stays selectable where it is shown.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  compact = false,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  compact?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  if (typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
      className={buttonStyles({
        variant: "ghost",
        size: "sm",
        className: compact ? "size-8 shrink-0 px-0" : "h-8 px-2",
      })}
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4 text-emerald-300" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      <span aria-live="polite" className={compact ? "sr-only" : undefined}>
        {copied ? copiedLabel : label}
      </span>
    </button>
  );
}

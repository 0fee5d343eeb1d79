import { RotateCw } from "lucide-react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";

/** A load that failed: what failed, and a button to try again. */
export function RetryMessage(props: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <FormMessage tone="error" {...(props.className ? { className: props.className } : {})}>
      <span className="flex flex-wrap items-center justify-between gap-3">
        {props.message}
        <button
          type="button"
          onClick={props.onRetry}
          className={buttonStyles({ variant: "secondary", size: "sm" })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {props.retryLabel}
        </button>
      </span>
    </FormMessage>
  );
}

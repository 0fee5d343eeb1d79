/** The console's small form controls, styled like the site's text fields. */
import { type ComponentProps, type ReactNode, useId } from "react";
import { inputStyles } from "@/components/ui/text-field";
import { cn } from "@/lib/cn";

/** A label over its control, tied by id. */
function Labelled({
  label,
  className,
  control,
}: {
  label: string;
  className: string | undefined;
  control: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-100">
        {label}
      </label>
      {control(id)}
    </div>
  );
}

export function SelectField({
  label,
  children,
  className,
  ...select
}: ComponentProps<"select"> & { label: string }) {
  return (
    <Labelled
      label={label}
      className={className}
      control={(id) => (
        <select id={id} {...select} className={cn(inputStyles, "mt-1.5 pr-8")}>
          {children}
        </select>
      )}
    />
  );
}

export function TextAreaField({
  label,
  className,
  ...textarea
}: ComponentProps<"textarea"> & { label: string }) {
  return (
    <Labelled
      label={label}
      className={className}
      control={(id) => (
        <textarea id={id} rows={2} {...textarea} className={cn(inputStyles, "mt-1.5 resize-y")} />
      )}
    />
  );
}

/** A set of checkboxes or radio buttons under a visible legend. */
export function ChoiceGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink-100">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

export function Choice({
  label,
  className,
  ...input
}: ComponentProps<"input"> & { label: string }) {
  return (
    <label
      className={cn(
        "inline-flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-white/10 bg-ink-900/80 px-3 py-2 text-sm text-ink-100 has-[:checked]:border-accent-400/60 has-[:checked]:bg-accent-400/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50",
        className,
      )}
    >
      <input {...input} className="size-4 accent-accent-400" />
      {label}
    </label>
  );
}

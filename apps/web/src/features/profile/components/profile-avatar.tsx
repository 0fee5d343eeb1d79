import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import "@/features/profile/i18n/en";

/** Up to two initials of a name ("Asha Rao" → "AR"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return letters
    .map((word) => (word ? Array.from(word)[0] : ""))
    .join("")
    .toUpperCase();
}

/** The profile image, or the initials in a circle when there is none. */
export function ProfileAvatar({
  name,
  image,
  className,
}: {
  name: string;
  image: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  const base = cn(
    "size-20 shrink-0 rounded-full ring-2 ring-accent-400/30 ring-offset-4 ring-offset-ink-900 sm:size-24",
    className,
  );
  if (image) {
    return (
      <img src={image} alt={t("profile.photoAlt", { name })} className={cn(base, "object-cover")} />
    );
  }
  return (
    <span
      role="img"
      aria-label={t("profile.initialsAlt", { name })}
      className={cn(
        base,
        "inline-flex items-center justify-center bg-gradient-to-br from-accent-500 to-accent-600 text-2xl font-semibold text-ink-950 sm:text-3xl",
      )}
    >
      <span aria-hidden="true">{initialsOf(name) || "?"}</span>
    </span>
  );
}

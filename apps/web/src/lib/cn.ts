import { twMerge } from "tailwind-merge";

/**
 * Joins class names, skipping falsy ones; when two Tailwind classes set the same property (`max-w-md` and a
 * caller's `max-w-2xl`), the later one wins, whatever order the stylesheet happens to list them in.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(...classes);
}

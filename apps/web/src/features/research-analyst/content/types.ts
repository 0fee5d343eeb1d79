/**
 * A regulatory page as data: sections of paragraphs and lists. `{name}`, `{number}`, `{grievanceEmail}`
 * and `{grievancePhone}` are replaced with the operator's profile when shown. English is the binding text.
 */
export interface DisclosureSection {
  id: string;
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

export interface ProfileValues {
  name: string;
  number: string;
  grievanceEmail: string;
  grievancePhone: string;
}

export function fill(text: string, values: ProfileValues): string {
  return text.replace(/\{(name|number|grievanceEmail|grievancePhone)\}/g, (_, key: string) =>
    String(values[key as keyof ProfileValues]),
  );
}

/**
 * A policy as data: an introduction and 5 or 6 sections, each a list of blocks. The English text is the
 * binding text. `{brand}` in any string is replaced with the operator's brand name when shown; a "contact"
 * block shows the operator's contact details from the site configuration.
 */
export type PolicyBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: readonly string[] }
  | { kind: "subheading"; text: string }
  | { kind: "contact" };

export interface PolicySection {
  /** The section's anchor (also its URL fragment). */
  id: string;
  heading: string;
  blocks: readonly PolicyBlock[];
}

export interface PolicyDocument {
  intro: readonly string[];
  sections: readonly PolicySection[];
}

export const p = (text: string): PolicyBlock => ({ kind: "paragraph", text });
export const list = (...items: string[]): PolicyBlock => ({ kind: "list", items });
export const sub = (text: string): PolicyBlock => ({ kind: "subheading", text });
export const contact: PolicyBlock = { kind: "contact" };
